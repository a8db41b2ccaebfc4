/**
 * The pieces the progress charts are drawn with: a card with its summary and table, bars and a
 * line in plain SVG, sized by the view box and coloured by the theme's custom properties.
 */
import { type ReactNode, useId, useState } from 'react';
import { useLocalT } from '@/i18n';
import { charts } from '@/i18n/messages/charts';

type ChartKey = keyof typeof charts.en;

const WIDTH = 300;
const HEIGHT = 120;
const BASE = HEIGHT - 16;

/** A chart's card: its title, the picture named by its summary, a legend, and the figures as a table. */
export function ChartCard({
  title,
  label,
  chart,
  legend,
  head,
  rows,
  children,
}: {
  title: ChartKey;
  label: string;
  chart: ReactNode;
  legend?: [string, string][];
  head: string[];
  rows: (string | number)[][];
  children?: ReactNode;
}) {
  const t = useLocalT(charts);
  const id = useId();
  return (
    <section className="card chart-card" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      <figure className="chart" aria-label={label} role="img">
        {chart}
      </figure>
      {legend ? (
        <ul className="chart-legend" aria-hidden="true">
          {legend.map(([className, text]) => (
            <li key={className}>
              <span className={`chart-swatch ${className}`} />
              {text}
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      <FiguresTable head={head} rows={rows} />
    </section>
  );
}

/**
 * The figures as a table, behind «Показать таблицей»: its rows are made when it is opened (four
 * charts' 80 rows were a fifth of the screen's render when its figures came), and kept while open.
 */
function FiguresTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  const t = useLocalT(charts);
  const [open, setOpen] = useState(false);
  return (
    <details className="chart-table" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('charts.table')}</summary>
      {open ? (
        <table>
          <thead>
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={head[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={head[index]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </details>
  );
}

/** Vertical bars, stacked when each value holds several parts (drawn bottom up). */
export function Bars({
  values,
  classes,
  first,
  last,
}: {
  values: number[][];
  classes: string[];
  first: string;
  last: string;
}) {
  const max = Math.max(1, ...values.map((parts) => parts.reduce((a, b) => a + b, 0)));
  const slot = WIDTH / Math.max(1, values.length);
  const barWidth = Math.max(1, slot * 0.7);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" focusable="false">
      <line x1="0" x2={WIDTH} y1={BASE} y2={BASE} className="chart-axis" />
      {values.map((parts, index) => {
        let top = BASE;
        const x = index * slot + (slot - barWidth) / 2;
        return parts.map((part, p) => {
          const height = (part / max) * (BASE - 12);
          top -= height;
          return part > 0 ? (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional.
              key={`${index}-${p}`}
              x={x}
              y={top}
              width={barWidth}
              height={height}
              className={classes[p]}
            />
          ) : null;
        });
      })}
      <AxisLabels max={max} first={first} last={last} />
    </svg>
  );
}

/** The scale's top value and the first and last day under a chart. */
function AxisLabels({ max, first, last }: { max: number; first: string; last: string }) {
  return (
    <>
      <text x="0" y="9" className="chart-label">
        {max}
      </text>
      <text x="0" y={HEIGHT - 2} className="chart-label">
        {first}
      </text>
      <text x={WIDTH} y={HEIGHT - 2} className="chart-label" textAnchor="end">
        {last}
      </text>
    </>
  );
}

/** A line with the area under it. */
export function Line({ values, first, last }: { values: number[]; first: string; last: string }) {
  const max = Math.max(1, ...values);
  const step = WIDTH / Math.max(1, values.length - 1);
  const points = values.map((value, index) => [index * step, BASE - (value / max) * (BASE - 12)]);
  const path = points.map(([x, y]) => `${x?.toFixed(1)},${y?.toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" aria-hidden="true" focusable="false">
      <line x1="0" x2={WIDTH} y1={BASE} y2={BASE} className="chart-axis" />
      <polygon points={`0,${BASE} ${path} ${WIDTH},${BASE}`} className="chart-area" />
      <polyline points={path} className="chart-line" />
      <AxisLabels max={max} first={first} last={last} />
    </svg>
  );
}
