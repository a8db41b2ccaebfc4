/** Ranks by learned-word count (SPEC §9), with the deck and engine ladders. */
import type { Bilingual, DivisionId } from './types';

export type RankId = 'L1' | 'L2' | 'L3' | 'L4' | 'L5' | 'L6' | 'L7';
export type RankLadder = 'deck' | 'engine';

export interface Rank {
  id: RankId;
  /** Minimum number of learned words (MAST). */
  min: number;
  /** The label on the deck ladder (also used by bridge and galley). */
  label: Bilingual;
  /** The label on the engine ladder. */
  engineLabel: Bilingual;
  /** Public path of the rank image. */
  image: string;
}

export const RANKS: readonly Rank[] = [
  {
    id: 'L1',
    min: 0,
    label: { ru: 'Юнга', en: 'Greenhand' },
    engineLabel: { ru: 'Юнга', en: 'Greenhand' },
    image: '/ranks/L1.svg',
  },
  {
    id: 'L2',
    min: 50,
    label: { ru: 'Матрос', en: 'Deckhand' },
    engineLabel: { ru: 'Матрос', en: 'Deckhand' },
    image: '/ranks/L2.svg',
  },
  {
    id: 'L3',
    min: 150,
    label: { ru: 'Боцман', en: 'Bosun' },
    engineLabel: { ru: 'Боцман', en: 'Bosun' },
    image: '/ranks/L3.svg',
  },
  {
    id: 'L4',
    min: 300,
    label: { ru: 'Старшина', en: 'Petty Officer' },
    engineLabel: { ru: '3-й механик', en: 'Third Engineer' },
    image: '/ranks/L4.svg',
  },
  {
    id: 'L5',
    min: 500,
    label: { ru: 'Морской волк', en: 'Sea Wolf' },
    engineLabel: { ru: 'Морской волк', en: 'Sea Wolf' },
    image: '/ranks/L5.svg',
  },
  {
    id: 'L6',
    min: 800,
    label: { ru: 'Старпом', en: 'Chief Mate' },
    engineLabel: { ru: '2-й механик', en: 'Second Engineer' },
    image: '/ranks/L6.svg',
  },
  {
    id: 'L7',
    min: 1200,
    label: { ru: 'Капитан', en: 'Captain' },
    engineLabel: { ru: 'Стармех', en: 'Chief Engineer' },
    image: '/ranks/L7.svg',
  },
];

/** The engine division climbs the engine ladder; every other division the deck ladder. */
export function ladderFor(division?: DivisionId | null): RankLadder {
  return division === 'engine' ? 'engine' : 'deck';
}

export interface RankStanding {
  rank: Rank;
  /** The label on the user's ladder. */
  label: Bilingual;
  /** The next rank, or null at the top. */
  next: Rank | null;
  /** Learned words still needed for the next rank (0 at the top). */
  toNext: number;
}

/** The highest rank whose minimum the learned count reaches; negative or NaN counts as 0. */
export function rankFor(learnedCount: number, division?: DivisionId | null): RankStanding {
  const count = Number.isFinite(learnedCount) ? Math.max(0, Math.floor(learnedCount)) : 0;
  let index = 0;
  for (let i = 0; i < RANKS.length; i++) if (count >= (RANKS[i] as Rank).min) index = i;
  const rank = RANKS[index] as Rank;
  const next = RANKS[index + 1] ?? null;
  return {
    rank,
    label: ladderFor(division) === 'engine' ? rank.engineLabel : rank.label,
    next,
    toNext: next ? next.min - count : 0,
  };
}
