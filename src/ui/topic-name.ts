/**
 * Built-in topics have English names (the data's, which the curriculum and the cloud use as keys);
 * the Russian interface shows their Russian names (src/data/vocabulary/topic-names.json). A topic
 * an admin made or renamed shows its own name.
 */
import topicNames from '@/data/vocabulary/topic-names.json';
import { useLang } from '@/i18n';

const RUSSIAN: Readonly<Record<string, string>> = topicNames;

/** Russian name -> the built-in topic's English name, to read a record that holds a Russian name. */
const BY_RUSSIAN: ReadonlyMap<string, string> = new Map(
  Object.entries(RUSSIAN).map(([english, russian]) => [russian, english]),
);

/** The name to show for a topic in the interface language. */
export function topicLabel(name: string, lang: string): string {
  return lang === 'ru' ? (RUSSIAN[name] ?? name) : name;
}

/**
 * The name to show for a topic name a record keeps (an exam result's weakest topics), which may
 * outlive the topic or predate a rename. A name some topic has now (`current`) shows as that topic
 * does; otherwise a built-in topic's name in either language shows in `lang`; anything else (an
 * admin's topic since renamed or deleted) as stored.
 */
export function recordedTopicLabel(
  name: string,
  lang: string,
  current: ReadonlySet<string>,
): string {
  if (current.has(name) || Object.hasOwn(RUSSIAN, name)) return topicLabel(name, lang);
  const english = BY_RUSSIAN.get(name);
  return english === undefined ? name : topicLabel(english, lang);
}

/** `topicLabel` in the current interface language. */
export function useTopicLabel(): (name: string) => string {
  const lang = useLang();
  return (name) => topicLabel(name, lang);
}
