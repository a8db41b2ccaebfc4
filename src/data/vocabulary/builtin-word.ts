/** The one factory the word lists share: a built-in vocabulary item of a division. */
import type { DivisionId, VocabItem } from '@/domain/types';

export type WordFactory = (
  id: string,
  ru: string,
  en: string,
  topic: string,
  roles?: readonly string[],
) => VocabItem;

/** Returns `word(id, ru, en, topic, roles?)` for the division; no roles means everyone. */
export function builtinWords(division: DivisionId): WordFactory {
  return (id, ru, en, topic, roles) => ({
    id,
    langA: ru,
    langB: en,
    topic,
    division,
    ...(roles ? { roles: [...roles] } : {}),
    source: 'builtin',
  });
}
