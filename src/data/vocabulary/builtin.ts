/**
 * The built-in vocabulary as data: the word files of the common core and of each division, and
 * what the first vocabulary installed. The app imports this module lazily, only when a database
 * is created or its vocabulary is older than `VOCABULARY_VERSION`, so no word is in the start-up
 * JavaScript.
 */
import { CATALOGUE_DIVISIONS } from '@/domain/constants';
import { defaultRoleRecords } from '@/domain/roles';
import { deriveTopics } from '@/domain/topics';
import type { VocabItem } from '@/domain/types';
import { rowToVocabItem, type VocabRow } from '@/domain/vocabulary';
import type { BuiltinVocabulary, InstalledVocabulary } from '@/domain/vocabulary-update';
import bridge from './bridge.json';
import common from './common.json';
import deck from './deck.json';
import engine from './engine.json';
import galley from './galley.json';
import legacyV1 from './legacy-v1.json';
import { VOCABULARY_VERSION } from './version';

/** The raw rows of every data file, common core first. */
export const VOCABULARY_FILES: Readonly<Record<string, readonly VocabRow[]>> = {
  common: common as VocabRow[],
  deck: deck as VocabRow[],
  bridge: bridge as VocabRow[],
  engine: engine as VocabRow[],
  galley: galley as VocabRow[],
};

/** Every built-in pair as a vocabulary item. */
export function builtinWords(): VocabItem[] {
  return Object.values(VOCABULARY_FILES).flatMap((rows) =>
    rows.map((row) => rowToVocabItem(row, 'builtin')),
  );
}

/** The shipped vocabulary: words, the topics they form, default roles and divisions. */
export function builtinVocabulary(): BuiltinVocabulary {
  const words = builtinWords();
  return {
    version: VOCABULARY_VERSION,
    words,
    topics: deriveTopics(words),
    roles: defaultRoleRecords(CATALOGUE_DIVISIONS),
    divisions: CATALOGUE_DIVISIONS.map((id) => ({ id, name: id })),
  };
}

/**
 * What a database created before the vocabulary was versioned holds: the first vocabulary's
 * digests, topics, roles and divisions (`legacy-v1.json`, made from that vocabulary).
 */
export const LEGACY_V1_INSTALLED: InstalledVocabulary = legacyV1 as InstalledVocabulary;
