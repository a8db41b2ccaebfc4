// The built-in vocabulary of every division, concatenated, and its data version.
import type { VocabItem } from '@/domain/types';
import { BRIDGE_VOCABULARY } from './bridge';
import { DECK_VOCABULARY } from './deck';
import { ENGINE_VOCABULARY } from './engine';
import { GALLEY_VOCABULARY } from './galley';

export { BRIDGE_VOCABULARY, DECK_VOCABULARY, ENGINE_VOCABULARY, GALLEY_VOCABULARY };

/** Every built-in word pair: deck, bridge, engine, then galley. */
export const BUILTIN_VOCABULARY: readonly VocabItem[] = [
  ...DECK_VOCABULARY,
  ...BRIDGE_VOCABULARY,
  ...ENGINE_VOCABULARY,
  ...GALLEY_VOCABULARY,
];

/** Bump when the built-in word list changes so stored copies can be refreshed. */
export const VOCABULARY_VERSION = 1;
