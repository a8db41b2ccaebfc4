/**
 * /dictionary?topic=: every word pair, searched in memory over RU, EN and tags and filtered by the
 * topic of the query. Anyone may mark words learned (a guest's marks are not saved); edit and
 * delete appear where SPEC §6 allows; admins also add words and bulk import.
 */

import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { canAddWords } from '@/domain/permissions';
import { spokenText } from '@/domain/speech';
import type { VocabItem } from '@/domain/types';
import { useLang, useT } from '@/i18n';
import { useUser } from '@/stores/auth-store';
import { useCatalogRunner } from '@/stores/catalog-runner';
import { useCatalogStore } from '@/stores/catalog-store';
import { vocabularyInstallSource } from '@/stores/local-database';
import { useSessionStore } from '@/stores/session-store';
import { useCanSpeak, useSpeechStore } from '@/stores/speech-store';
import { useToast } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { useConfirm } from '@/ui/confirm';
import { EmptyState } from '@/ui/empty-state';
import { topicLabel, useTopicLabel } from '@/ui/topic-name';
import { WordsLoading } from '@/ui/vocabulary-progress';
import { BulkImportForm } from './bulk-import-form';
import { AddWordForm, EditWordDialog } from './word-forms';
import { WordTable } from './word-table';
import './dictionary.css';

/** Rows rendered at first and added by each 'Show more'. */
export const DICTIONARY_PAGE_SIZE = 200;

const haystackOf = (item: VocabItem) =>
  [item.langA, item.langB, ...(item.tags ?? [])].join('\n').toLocaleLowerCase();

export function DictionaryScreen({ topic }: { topic?: string }) {
  const t = useT();
  const user = useUser();
  const toast = useToast();
  const confirm = useConfirm();
  const run = useCatalogRunner();
  const navigate = useNavigate();
  const searchId = useId();
  const topicSelectId = useId();
  const topicListId = useId();
  const loaded = useVocabStore((s) => s.loaded);
  const vocab = useVocabStore((s) => s.vocab);
  const topics = useVocabStore((s) => s.topics);
  const label = useTopicLabel();
  const lang = useLang();
  const words = useWordsStore((s) => s.words);

  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [limit, setLimit] = useState(DICTIONARY_PAGE_SIZE);
  const [editing, setEditing] = useState<VocabItem | null>(null);

  const indexed = useMemo(
    () => vocab.map((item) => ({ item, haystack: haystackOf(item) })),
    [vocab],
  );

  // Listed by the name shown: a built-in topic's in the interface language.
  const topicNames = useMemo(() => {
    const names = new Set([...topics.map((x) => x.name), ...vocab.map((x) => x.topic)]);
    if (topic) names.add(topic);
    return [...names]
      .map((name) => [name, topicLabel(name, lang)] as const)
      .sort(([, a], [, b]) => a.localeCompare(b, lang))
      .map(([name]) => name);
  }, [topics, vocab, topic, lang]);

  const needle = deferredQuery.trim().toLocaleLowerCase();
  const matches = useMemo(
    () =>
      indexed
        .filter(
          ({ item, haystack }) =>
            (!topic || item.topic === topic) && (needle === '' || haystack.includes(needle)),
        )
        .map(({ item }) => item),
    [indexed, topic, needle],
  );

  // A new search or topic starts again from the first page.
  useEffect(() => {
    if (needle !== undefined || topic !== undefined) setLimit(DICTIONARY_PAGE_SIZE);
  }, [needle, topic]);

  // Marks show at once; the store (and MarineDB for a signed-in user) catches up.
  const [pendingMarks, setPendingMarks] = useState<ReadonlyMap<string, boolean>>(new Map());
  const learned = useMemo(() => {
    const set = new Set<string>();
    for (const [id, record] of words) if (record.status === 'learned') set.add(id);
    for (const [id, on] of pendingMarks) {
      if (on) set.add(id);
      else set.delete(id);
    }
    return set;
  }, [words, pendingMarks]);

  /** Any topic of any division and role can be studied: it becomes the session's selection. */
  async function studyTopic() {
    if (!topic) return;
    const session = useSessionStore.getState();
    const home = topics.find((x) => x.name === topic)?.division;
    session.setTopics([topic], session.division || !home ? {} : { division: home });
    await navigate({ to: '/session-setup' });
  }

  const chooseTopic = (value: string) =>
    navigate({ to: '/dictionary', search: value ? { topic: value } : {} });

  const canSpeak = useCanSpeak();
  const speak = useSpeechStore((s) => s.speak);
  const onListen = useCallback((word: VocabItem) => void speak(spokenText(word)), [speak]);

  const onLearned = useCallback(
    async (word: VocabItem, on: boolean) => {
      const settle = () =>
        setPendingMarks((marks) => {
          // A later click on the same word owns the mark now.
          if (marks.get(word.id) !== on) return marks;
          const next = new Map(marks);
          next.delete(word.id);
          return next;
        });
      setPendingMarks((marks) => new Map(marks).set(word.id, on));
      try {
        await useWordsStore.getState().setLearned(word.id, on);
      } catch (error) {
        console.error(error);
        toast.show({ tone: 'error', message: t('dictionary.failed.learned') });
      } finally {
        settle();
      }
    },
    [t, toast],
  );

  const onDelete = useCallback(
    async (word: VocabItem) => {
      const ok = await confirm({
        message: t('dictionary.confirmDelete', { word: `${word.langA} — ${word.langB}` }),
        confirmLabel: t('common.delete'),
      });
      if (!ok) return;
      const result = await run(
        () => useCatalogStore.getState().removeWord(word.id),
        'dictionary.failed.delete',
      );
      if (result?.ok) toast.show({ tone: 'success', message: t('dictionary.deleted') });
    },
    [confirm, run, t, toast],
  );

  const shown = matches.slice(0, limit);

  return (
    <main className="page dictionary-page">
      <div className="page-header">
        <div>
          <h1>{t('nav.dictionary')}</h1>
          <p className="muted dictionary-intro">{t('dictionary.intro')}</p>
        </div>
      </div>

      <datalist id={topicListId}>
        {/* The value is the topic's stored name; the label, the name shown. */}
        {topicNames.map((name) => (
          <option key={name} value={name} label={label(name)} />
        ))}
      </datalist>

      {!user ? (
        <p className="notice dictionary-guest">
          {t('dictionary.guestNote')}{' '}
          <Link to="/login" className="dictionary-guest-link">
            {t('dictionary.signIn')}
          </Link>
        </p>
      ) : null}

      <section className="card dictionary-filters" aria-label={t('common.search')}>
        <div className="field">
          <label htmlFor={searchId}>{t('dictionary.search')}</label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder={t('dictionary.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={topicSelectId}>{t('dictionary.topic')}</label>
          <div className="dictionary-topic-row">
            <select
              id={topicSelectId}
              className="select"
              value={topic ?? ''}
              onChange={(e) => chooseTopic(e.target.value)}
            >
              <option value="">{t('dictionary.allTopics')}</option>
              {topicNames.map((name) => (
                <option key={name} value={name}>
                  {label(name)}
                </option>
              ))}
            </select>
            {topic ? (
              <button type="button" className="btn" onClick={() => chooseTopic('')}>
                {t('dictionary.clearTopic')}
              </button>
            ) : null}
            {topic && matches.length > 0 ? (
              <button type="button" className="btn btn-primary" onClick={() => void studyTopic()}>
                {t('dictionary.studyTopic')}
              </button>
            ) : null}
          </div>
        </div>
      </section>

      {canAddWords(user) ? (
        <section className="dictionary-admin">
          <details className="card">
            <summary>{t('dictionary.addTitle')}</summary>
            <AddWordForm topic={topic} topicList={topicListId} />
          </details>
          <details className="card">
            <summary>{t('dictionary.bulkTitle')}</summary>
            <BulkImportForm topic={topic} topicList={topicListId} />
          </details>
        </section>
      ) : null}

      {!loaded ? (
        <WordsLoading
          source={vocabularyInstallSource}
          label={t('loading.title')}
          className="muted dictionary-loading"
        />
      ) : matches.length === 0 ? (
        <EmptyState>{t('dictionary.empty')}</EmptyState>
      ) : (
        <>
          <p className="muted dictionary-count" aria-live="polite">
            {matches.length > shown.length
              ? t('dictionary.shown', { shown: shown.length, total: matches.length })
              : t('dictionary.total', { total: matches.length })}
          </p>
          <WordTable
            words={shown}
            learned={learned}
            user={user}
            onLearned={onLearned}
            onEdit={setEditing}
            onDelete={onDelete}
            onListen={canSpeak ? onListen : undefined}
          />
          {matches.length > shown.length ? (
            <div className="dictionary-more">
              <button
                type="button"
                className="btn"
                onClick={() => setLimit((n) => n + DICTIONARY_PAGE_SIZE)}
              >
                {t('dictionary.showMore')}
              </button>
            </div>
          ) : null}
        </>
      )}

      <EditWordDialog word={editing} topicList={topicListId} onClose={() => setEditing(null)} />
    </main>
  );
}
