/** The domain's vocabulary: plain data shapes shared by every layer. Timestamps are epoch milliseconds. */
import type { MemoryState } from './memory';
import type { ScheduleKind, Theme, UiLang } from './settings-schema';

/** Division ids. The four built-in ones are listed in `BUILTIN_DIVISIONS`; admins may add more. */
export type DivisionId = string;
export type BuiltinDivision = 'deck' | 'engine' | 'bridge' | 'galley';

export type WordStatus = 'new' | 'learning' | 'learned';
export type VocabSource = 'builtin' | 'user';
/** What a pair is: a term, an order, a standard phrase or report, or an idiom. */
export type WordKind = 'term' | 'order' | 'phrase' | 'idiom';
export type SessionMode = 'mixed' | 'review' | 'new';
export type Direction = 'ru-en' | 'en-ru';
export type DirectionSetting = 'random' | Direction;
/** The interface languages and themes are listed in settings-schema.ts. */
export type { Theme, UiLang };

/** Text in both interface languages. */
export interface Bilingual {
  ru: string;
  en: string;
}

/**
 * A bilingual text in an interface language: a language beyond Russian and English (a row of
 * settings-schema.ts's UI_LANGUAGES with its texts file) shows the English, as its texts fall back.
 */
export function inLanguage(text: Bilingual, lang: UiLang): string {
  return (text as Partial<Record<UiLang, string>>)[lang] ?? text.en;
}

/** A word pair: `langA` is Russian, `langB` is English. */
export interface VocabItem {
  id: string;
  langA: string;
  langB: string;
  /** Topic name (not id). */
  topic: string;
  division: DivisionId;
  /** Lower-case role codes; missing, empty or containing 'all' means everyone. */
  roles?: string[];
  tags?: string[];
  source: VocabSource;
  createdBy?: string;
  /** Other accepted English forms. */
  alt?: string[];
  kind?: WordKind;
  /**
   * Letter-tile text when it differs from `langB`; false: no letter tiles (a phrase of several
   * words gets the word-order question instead: word-order.ts `productionQuestion`).
   */
  spell?: string | false;
  /** Where the pair comes from (an SMCP section, a COLREG rule, a regulation, "industry"). */
  ref?: string;
  note?: string;
  /**
   * A built-in word a newer vocabulary dropped while someone had progress on it: kept so the
   * progress stays, but shown nowhere and never asked.
   */
  retired?: boolean;
}

/** One user's learning state for one vocabulary item; key (userId, vocabId). */
export interface UserWord {
  userId: string;
  vocabId: string;
  status: WordStatus;
  attempts: number;
  correct: number;
  streak: number;
  /** 0..1 */
  strength: number;
  lastSeenAt?: number;
  nextReviewAt?: number;
  updatedAt: number;
  hidden?: boolean;
  /** Soft-delete flag. */
  deleted?: boolean;
  /** Cloud document id. */
  remoteId?: string;
  /**
   * The study fields the word had before the learner ticked «Выучено», kept until unticking
   * restores them or the word is studied again (see `applyEntry` in history.ts).
   */
  beforeMarked?: StudyState;
  /** The learner's day (memory.ts `dayInZone`) of the word's last schedule step: one a day. */
  stepDay?: number;
  /** The day of the last lapse counted (one a day), and how many days the word was failed. */
  lapseDay?: number;
  lapses?: number;
  /** The FSRS memory state, derived in the fold from the first answer of each day. */
  memory?: MemoryState;
}

/** The study fields of a user word: what ticking «Выучено» changes and unticking gives back. */
export type StudyState = Pick<
  UserWord,
  'status' | 'attempts' | 'correct' | 'streak' | 'strength' | 'lastSeenAt' | 'nextReviewAt'
>;

export interface Topic {
  /** `division::name` for topics derived from the vocabulary. */
  id: string;
  name: string;
  division: DivisionId;
  roles?: string[];
  source: VocabSource;
  createdBy?: string;
}

export interface Role {
  id: string;
  name: string;
  division: DivisionId;
  createdBy?: string;
}

export interface Division {
  id: DivisionId;
  name: string;
}

export interface UserSettings {
  dailyGoal: number;
  division?: DivisionId;
  role?: string;
  uiLang: UiLang;
  theme: Theme;
  /** The learner's home time zone (IANA): the day of "one schedule step a day". */
  homeZone?: string;
  /** The schedule: the specification's intervals (default) or FSRS. */
  schedule?: ScheduleKind;
  /** FSRS's desired retention, 0.80..0.95 (default 0.90). */
  retention?: number;
  /** The hour (0..23, home zone) the study day begins (DAY_START_HOUR_DEFAULT when missing). */
  dayStartHour?: number;
}

export interface User {
  id: string;
  email: string;
  fullName: string;
  isAdmin: boolean;
  createdAt: number;
  settings: UserSettings;
}

/** A source of uniform random numbers in [0, 1), passed in so rules stay deterministic under test. */
export type Random = () => number;
