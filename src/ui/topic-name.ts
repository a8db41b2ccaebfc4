/**
 * Built-in topics have English names (the data's, which the curriculum and the cloud use as keys);
 * the Russian interface shows their Russian names (src/data/vocabulary/topic-names.json). A topic
 * an admin made or renamed shows its own name.
 */
import topicNames from '@/data/vocabulary/topic-names.json';
import { useLang } from '@/i18n';

const RUSSIAN: Readonly<Record<string, string>> = topicNames;

/** The name to show for a topic in the interface language. */
export function topicLabel(name: string, lang: string): string {
  return lang === 'ru' ? (RUSSIAN[name] ?? name) : name;
}

/** `topicLabel` in the current interface language. */
export function useTopicLabel(): (name: string) => string {
  const lang = useLang();
  return (name) => topicLabel(name, lang);
}
