/** The dictionary's bulk import (admins): lines, JSON or CSV, and what was skipped and why. */
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ImportProblemReason } from '@/domain/word-import';
import { type MessageKey, useT } from '@/i18n';
import { bulkResultParams } from '@/stores/catalog-messages';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { type BulkImportOutcome, useCatalogStore } from '@/stores/catalog-store';
import { type AddWordFormProps, TextField } from './word-forms';

const IMPORT_REASON_KEYS: Readonly<Record<ImportProblemReason, MessageKey>> = {
  'not-an-object': 'dictionary.import.notAnObject',
  'missing-ru': 'dictionary.import.missingRu',
  'missing-en': 'dictionary.import.missingEn',
  'missing-field': 'dictionary.import.badField',
  'unknown-field': 'dictionary.import.unknownField',
  'bad-kind': 'dictionary.import.badKind',
  'bad-roles': 'dictionary.import.badField',
  'unknown-role': 'dictionary.import.unknownRole',
  'bad-alt': 'dictionary.import.badField',
  'bad-spell': 'dictionary.import.badSpell',
  'bad-text': 'dictionary.import.badField',
  'too-long': 'dictionary.import.tooLong',
  'invalid-json': 'dictionary.import.invalidJson',
  'not-a-list': 'dictionary.import.notAList',
  'no-equals': 'dictionary.import.noEquals',
  'several-equals': 'dictionary.import.severalEquals',
  'cyrillic-en': 'dictionary.import.cyrillicEn',
  'csv-header': 'dictionary.import.csvHeader',
  'csv-columns': 'dictionary.import.csvColumns',
  'csv-quote': 'dictionary.import.csvQuote',
  'unknown-division': 'dictionary.import.unknownDivision',
};

export function BulkImportForm({ topic, topicList }: AddWordFormProps) {
  const t = useT();
  const run = useCatalogRunner();
  const textId = useId();
  const [text, setText] = useState('');
  const [topicName, setTopicName] = useState(topic ?? '');
  const [outcome, setOutcome] = useState<BulkImportOutcome | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setTopicName(topic ?? ''), [topic]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A large import says what it is doing while it runs.
    setBusy(text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '').length);
    setError(null);
    const result = await run(
      () => useCatalogStore.getState().bulkImport(text, { topic: topicName }),
      'dictionary.failed.save',
    );
    setBusy(null);
    if (result && !result.ok) {
      setError(result.message);
      return;
    }
    if (!result?.ok) return;
    setOutcome(result.value);
    // What was not imported stays in the box to be fixed; nothing typed is lost. A JSON or CSV
    // file stays whole (its imported rows come back as words already there, which are ignored).
    if (result.value.format === 'lines') setText(result.value.skipped.join('\n'));
    else if (result.value.problems.length === 0) setText('');
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={textId}>{t('dictionary.bulkLabel')}</label>
        <textarea
          id={textId}
          className="textarea"
          value={text}
          placeholder={'кнехт=bitts\nтрап=gangway'}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
          aria-describedby={`${textId}-hint`}
        />
        <p id={`${textId}-hint`} className="muted word-hint">
          {t('dictionary.bulkHint')}
        </p>
      </div>
      <TextField
        label={t('dictionary.topicField')}
        value={topicName}
        onChange={setTopicName}
        list={topicList}
        hint={t('dictionary.topicHint')}
      />
      <div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy !== null || text.trim() === ''}
        >
          {t('dictionary.bulkSubmit')}
        </button>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" className="bulk-result">
        {busy !== null ? (
          <p>{t('dictionary.bulkRunning', { count: busy })}</p>
        ) : outcome ? (
          <>
            <p className={outcome.added > 0 ? 'form-success' : undefined}>
              {t('dictionary.bulkResult', bulkResultParams(outcome))}
            </p>
            {outcome.problems.length > 0 ? (
              <>
                <p id={`${textId}-skipped`} className="bulk-skipped-title">
                  {t('dictionary.bulkSkipped')}
                </p>
                {/* A long list scrolls in its box: focusable, so the keyboard can scroll it too. */}
                <ul
                  className="bulk-skipped"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
                  tabIndex={0}
                  aria-labelledby={`${textId}-skipped`}
                >
                  {outcome.problems.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one line may have several problems.
                    <li key={index}>
                      {t('dictionary.bulkProblem', {
                        line: problem.line,
                        reason: t(IMPORT_REASON_KEYS[problem.reason], {
                          field: problem.field ?? '',
                        }),
                      })}
                      {problem.text ? (
                        <>
                          {' '}
                          <code>{problem.text}</code>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
