/** The multiple-choice options a learner picks from: radios, keys 1-n, and the marks after an answer. */
import { type ReactNode, useLayoutEffect } from 'react';
import { CheckIcon, CloseIcon } from './icons';
import { isShortcutKey } from './shortcut-keys';

/** The marks after an answer: the right option, and the one picked (null for a skip). */
export interface OptionMarks {
  right: string;
  chosen: string | null;
}

type OptionState = 'right' | 'wrong' | 'chosen' | 'idle';

interface OptionListProps {
  options: readonly string[];
  selected: string | null;
  /** A tap or an arrow key on a radio chooses; the screen's own button answers. */
  onSelect: (option: string) => void;
  /**
   * Given, a digit key answers with its option at once; without it a digit only chooses, so a
   * learner can change their mind before answering (the exam).
   */
  answerOnKey?: (option: string) => void;
  /** Once given, the list is locked and shows which option was right and which was picked. */
  marks?: OptionMarks | null;
  /** The group's accessible name. */
  legend: string;
  /** The radios' group name. */
  name: string;
  /**
   * The class names' prefix (`quiz` gives quiz-options, quiz-option, quiz-option-key and
   * quiz-option-text): each screen keeps its own look.
   */
  classPrefix: string;
  /** The language of the options' text. */
  lang: string;
  /** Draws an option's text (the drills mark where the options differ); plain text without it. */
  renderText?: (option: string, index: number) => ReactNode;
}

function optionState(
  option: string,
  selected: string | null,
  marks: OptionMarks | null | undefined,
): OptionState {
  if (!marks) return option === selected ? 'chosen' : 'idle';
  if (option === marks.right) return 'right';
  return option === marks.chosen ? 'wrong' : 'idle';
}

export function OptionList({
  options,
  selected,
  onSelect,
  answerOnKey,
  marks,
  legend,
  name,
  classPrefix,
  lang,
  renderText,
}: OptionListProps) {
  const locked = marks != null;

  // A layout effect: the keys work from the moment the options are on screen.
  useLayoutEffect(() => {
    if (locked) return;
    function onKey(event: KeyboardEvent) {
      if (!isShortcutKey(event)) return;
      const digit = Number(event.key);
      if (!Number.isInteger(digit) || digit < 1 || digit > options.length) return;
      event.preventDefault();
      (answerOnKey ?? onSelect)(options[digit - 1] as string);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [locked, options, answerOnKey, onSelect]);

  return (
    <fieldset className={`${classPrefix}-options`} disabled={locked}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option, i) => {
        const state = optionState(option, selected, marks);
        return (
          <label key={option} className={`${classPrefix}-option is-${state}`}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={selected === option}
              onChange={() => onSelect(option)}
            />
            <span className={`${classPrefix}-option-key`} aria-hidden="true">
              {state === 'right' ? (
                <CheckIcon width={18} height={18} />
              ) : state === 'wrong' ? (
                <CloseIcon width={18} height={18} />
              ) : (
                i + 1
              )}
            </span>
            <span className={`${classPrefix}-option-text`} lang={lang}>
              {renderText ? renderText(option, i) : option}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
