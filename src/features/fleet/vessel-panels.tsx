/** A vessel's panels: crew silent for N days, the weakest topics, learned words by week. */
import { memo, useId, useMemo, useState } from 'react';
import { silentCrew, vesselProgress, vesselWeakTopics } from '@/domain/fleet-dashboard';
import type { CrewRow } from '@/domain/fleet-summary';
import { useLang, useT } from '@/i18n';
import { topicLabel } from '@/ui/topic-name';

const SILENT_DAYS = [3, 7, 14, 30] as const;
/** Silent crew listed by name; the rest are counted (a fleet's list could run to thousands). */
const SILENT_LISTED = 50;

interface VesselPanelsProps {
  rows: readonly CrewRow[];
  now: number;
  /** A time as the crew table shows it. */
  date: (ms: number) => string;
}

/**
 * Memoised, with its figures: a fleet's panels sum 10,000 summaries, which a page turn of the crew
 * table above must not do again.
 */
export const VesselPanels = memo(function VesselPanels({ rows, now, date }: VesselPanelsProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [days, setDays] = useState<number>(7);
  const silent = useMemo(() => silentCrew(rows, days, now), [rows, days, now]);
  const weak = useMemo(() => vesselWeakTopics(rows), [rows]);
  const progress = useMemo(() => vesselProgress(rows), [rows]);
  const max = Math.max(1, ...progress);
  return (
    <div className="fleet-panels">
      <section className="card" aria-labelledby={`${id}-silent`}>
        <h3 id={`${id}-silent`}>{t('fleet.silent')}</h3>
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('fleet.silent')}</label>
          <select
            id={`${id}-days`}
            className="input"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {SILENT_DAYS.map((value) => (
              <option key={value} value={value}>
                {t('fleet.silent.days', { count: value })}
              </option>
            ))}
          </select>
        </div>
        {silent.length === 0 ? (
          <p>{t('fleet.silent.none', { count: days })}</p>
        ) : (
          <>
            <p>{t('fleet.silent.list', { count: days })}</p>
            <ul data-testid="silent-crew">
              {silent.slice(0, SILENT_LISTED).map((row) => (
                <li key={`${row.vessel}/${row.uid}`}>
                  {row.name} — {date(row.syncedAt)}
                </li>
              ))}
            </ul>
            {silent.length > SILENT_LISTED ? (
              <p className="muted">
                {t('fleet.silent.more', { count: silent.length - SILENT_LISTED })}
              </p>
            ) : null}
          </>
        )}
      </section>

      <section className="card" aria-labelledby={`${id}-weak`}>
        <h3 id={`${id}-weak`}>{t('fleet.weak')}</h3>
        {weak.length === 0 ? (
          <p className="muted">{t('fleet.weak.none')}</p>
        ) : (
          <ol data-testid="weak-topics">
            {weak.map((topic) => (
              <li key={topic.topic}>
                {t('fleet.weak.item', {
                  topic: topicLabel(topic.topic, lang),
                  percent: Math.round(topic.accuracy * 100),
                  count: topic.answers,
                })}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card" aria-labelledby={`${id}-progress`}>
        <h3 id={`${id}-progress`}>{t('fleet.progress')}</h3>
        {progress.length === 0 ? (
          <p className="muted">{t('fleet.progress.none')}</p>
        ) : (
          <>
            <svg
              className="fleet-chart"
              viewBox={`0 0 ${progress.length * 20} 64`}
              role="img"
              aria-label={progress
                .map((value, index) => t('fleet.progress.week', { n: index + 1, value }))
                .join('; ')}
            >
              {progress.map((value, index) => {
                const height = Math.max(1, (value / max) * 60);
                return (
                  <rect
                    // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positions.
                    key={index}
                    x={index * 20 + 3}
                    y={62 - height}
                    width={14}
                    height={height}
                  />
                );
              })}
            </svg>
            <p className="muted">
              {t('fleet.progress.week', { n: progress.length, value: progress.at(-1) ?? 0 })}
            </p>
          </>
        )}
      </section>
    </div>
  );
});
