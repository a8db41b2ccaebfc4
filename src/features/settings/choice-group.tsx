/** The settings screen's radio groups, drawn as segmented controls (each choice applies at once). */
import { type CSSProperties, useId } from 'react';

export interface Choice<V extends string> {
  value: V;
  label: string;
  lang?: string;
}

/** A radio group drawn as a segmented control; each choice applies at once. */
export function ChoiceGroup<V extends string>({
  legend,
  legendHidden = false,
  hint,
  name,
  value,
  options,
  columns,
  onChange,
}: {
  legend: string;
  /** Choices per row; all in one row by default. */
  columns?: number;
  legendHidden?: boolean;
  hint?: string;
  name: string;
  value: string;
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
}) {
  const hintId = useId();
  return (
    <fieldset className="choice-group" aria-describedby={hint ? hintId : undefined}>
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      <div
        className="segmented"
        style={{ '--segments': columns ?? options.length } as CSSProperties}
      >
        {options.map((option) => (
          <label key={option.value} className="segment" lang={option.lang}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="muted choice-hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
