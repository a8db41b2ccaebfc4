/** The meta store: what the database records about itself (the installed built-in vocabulary). */
import type { MarineDB, VocabularyMeta } from './schema';

export const VOCABULARY_META_KEY = 'vocabulary';

/** The installed vocabulary version recorded in the database (0: none yet). */
export async function installedVocabularyVersion(db: MarineDB): Promise<number> {
  const meta = (await db.get('meta', VOCABULARY_META_KEY)) as VocabularyMeta | undefined;
  return meta?.version ?? 0;
}
