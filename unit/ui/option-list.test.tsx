// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OptionList, type OptionMarks } from '@/ui/option-list';

const OPTIONS = ['bitts', 'gangway', 'mooring line'];

interface HarnessProps {
  answerOnKey?: (option: string) => void;
  marks?: OptionMarks | null;
  onSelect?: (option: string) => void;
}

/** The list as a screen holds it: the screen keeps the choice. */
function Harness({ answerOnKey, marks = null, onSelect }: HarnessProps) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <OptionList
      options={OPTIONS}
      selected={selected}
      onSelect={(option) => {
        onSelect?.(option);
        setSelected(option);
      }}
      answerOnKey={answerOnKey}
      marks={marks}
      legend="Варианты ответа"
      name="test-option"
      classPrefix="quiz"
      lang="en"
    />
  );
}

describe('the answer-option list', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
  });

  async function show(props: HarnessProps = {}) {
    await act(async () => root.render(<Harness {...props} />));
  }

  async function press(
    key: string,
    init: KeyboardEventInit = {},
    target: EventTarget = document.body,
  ) {
    await act(async () => {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...init }));
    });
  }

  const group = () => host.querySelector('fieldset') as HTMLFieldSetElement;
  const radios = () => [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const checked = () => radios().find((radio) => radio.checked)?.value ?? null;
  /** Each option as a person sees it: its key (a digit, or a mark), its text, and its state. */
  const seen = () =>
    [...host.querySelectorAll('label')].map((label) => ({
      key: label.querySelector('.quiz-option-key svg')
        ? 'mark'
        : label.querySelector('.quiz-option-key')?.textContent,
      text: label.querySelector('.quiz-option-text')?.textContent,
      state: label.className,
    }));

  it('is a group named by its legend, one radio per option named by its text, keyed 1 to n', async () => {
    await show();
    expect(group().querySelector('legend')?.textContent).toBe('Варианты ответа');
    expect(
      radios().map((radio) => [radio.name, radio.value, radio.labels?.[0]?.textContent]),
    ).toEqual([
      ['test-option', 'bitts', '1bitts'],
      ['test-option', 'gangway', '2gangway'],
      ['test-option', 'mooring line', '3mooring line'],
    ]);
    expect(host.querySelector('.quiz-option-text')?.getAttribute('lang')).toBe('en');
    expect(host.querySelector('.quiz-option-key')?.getAttribute('aria-hidden')).toBe('true');
    expect(group().disabled).toBe(false);
  });

  it('answers at once with the option of a digit key where keys answer', async () => {
    const answer = vi.fn();
    await show({ answerOnKey: answer });
    await press('2');
    expect(answer).toHaveBeenCalledExactlyOnceWith('gangway');
  });

  it('only chooses with a digit key where keys choose, and the last digit wins', async () => {
    const select = vi.fn();
    await show({ onSelect: select });
    await press('3');
    expect(checked()).toBe('mooring line');
    await press('1');
    expect(checked()).toBe('bitts');
    expect(select.mock.calls).toEqual([['mooring line'], ['bitts']]);
    expect(host.querySelector('label.is-chosen .quiz-option-text')?.textContent).toBe('bitts');
  });

  it('chooses by a tap on an option without answering', async () => {
    const answer = vi.fn();
    await show({ answerOnKey: answer });
    await act(async () => radios()[1]?.click());
    expect(checked()).toBe('gangway');
    expect(answer).not.toHaveBeenCalled();
  });

  it('leaves other keys, digits past the last option, modified keys and typing alone', async () => {
    const answer = vi.fn();
    await show({ answerOnKey: answer });
    const field = document.createElement('input');
    document.body.append(field);
    await press('0');
    await press('4');
    await press('x');
    await press('1', { ctrlKey: true });
    await press('1', { altKey: true });
    await press('1', {}, field);
    expect(answer).not.toHaveBeenCalled();
    expect(checked()).toBeNull();
  });

  it('after an answer: locked, the right option ticked, a wrong pick crossed, keys ignored', async () => {
    const answer = vi.fn();
    await show({ answerOnKey: answer, marks: { right: 'bitts', chosen: 'gangway' } });
    expect(group().disabled).toBe(true);
    expect(seen()).toEqual([
      { key: 'mark', text: 'bitts', state: 'quiz-option is-right' },
      { key: 'mark', text: 'gangway', state: 'quiz-option is-wrong' },
      { key: '3', text: 'mooring line', state: 'quiz-option is-idle' },
    ]);
    await press('3');
    expect(answer).not.toHaveBeenCalled();
  });

  it('marks only the right option after a skip', async () => {
    await show({ marks: { right: 'gangway', chosen: null } });
    expect(seen().map((option) => option.state)).toEqual([
      'quiz-option is-idle',
      'quiz-option is-right',
      'quiz-option is-idle',
    ]);
  });
});
