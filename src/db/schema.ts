/** The typed shape of MarineDB version 8: stores, keys, indexes and the stored record types. */
import type { DBSchema, IDBPDatabase } from 'idb';
import type { CurriculumDocWrite } from '@/domain/curriculum';
import type { ExamSetting } from '@/domain/exam';
import type { FleetMembership, OfficerGrant, Vessel } from '@/domain/fleet';
import type { CrewRow, SummaryWritten } from '@/domain/fleet-summary';
import type { HistoryEntry } from '@/domain/history';
import type { ClockReading } from '@/domain/hlc';
import type { ProfileField } from '@/domain/synced-records';
import type { Division, Role, Topic, User, UserWord, VocabItem, WordStatus } from '@/domain/types';
import type { InstalledVocabulary } from '@/domain/vocabulary-update';
import type { ProgressFigures } from './history-figures';

/** A user as kept on this device: the domain user plus local-auth fields and the sync pull cursor. */
export interface LocalUserRecord extends User {
  /** PBKDF2-SHA-256 hash of the local password (local edition only). */
  passwordHash?: string;
  passwordSalt?: string;
  passwordIterations?: number;
  /** Per-user pull cursor of the cloud history: the server time of the newest batch seen, epoch µs. */
  syncCursor?: number;
  /** ...and the id of that batch (a pull in pages may stop inside a commit). */
  syncCursorId?: string;
  /** The cloud's per-word documents of older versions were read once into baselines. */
  legacyCloudRead?: boolean;
  /**
   * The history pull started over from the beginning once on this device since it reads batches
   * whose entries are one string `e` (sync/history-wire.ts): an older version had read those as
   * empty and moved its cursor past them.
   */
  historyLayout2?: boolean;
  /**
   * History batches this device pulled since it last wrote the history segments
   * (sync/history-segments.ts); missing until it first did (then it writes them at the next sync).
   */
  segmentTail?: number;
  /**
   * The local edition's session secret of this user on this device (random, base64), set at
   * sign-in and removed at sign-out; the session in local storage must carry the same secret.
   */
  sessionSecret?: string;
  /**
   * Cloud edition: the profile changed on this device and the cloud may not have it yet (set
   * before each push, cleared when a push of that revision succeeded; the sync retries).
   */
  profileUnsent?: number;
  /**
   * The learned count changed when an update refolded the words under new rules (one schedule
   * step a day): home tells the learner once, then this is removed.
   */
  foldChange?: { before: number; after: number; at: number };
  /** When a sync last read the cloud profile for the schedule settings (this device's clock). */
  profileReadAt?: number;
  /**
   * Which profile fields changed here and are not yet sent (with `profileUnsent`): only these are
   * written, so another device's choice in another field survives. Missing while `profileUnsent`
   * is set: every field (a change recorded by an older version).
   */
  profileFields?: ProfileField[];
}

/**
 * A history entry as stored: `sent` 1 once the cloud holds it, `t` its effective time (indexed
 * for the charts), `batch` the cloud batch it was (or is being) pushed in.
 */
export interface StoredHistoryEntry extends HistoryEntry {
  sent: StoredFlag;
  t: number;
  batch?: string;
  /**
   * The entry first reached this device through an import (a file anyone could have edited), so
   * it is never shown as the learner's own verified work here. Local: never sent nor exported.
   */
  origin?: 'import';
  /**
   * This device dated the entry, when its clock's corrections were `taught` (DeviceRecord): the
   * clock that dated it reads, at a later push, the corrected clock less what was taught since.
   * Local: never sent nor exported; missing for an entry this device did not date (a pull, an
   * import) or dated before the field existed, which is sent without a clock reading.
   */
  taught?: number;
}

/** A record that failed the wire contract: kept here, shown in settings, never synced. */
export interface DeadLetter {
  id: string;
  userId?: string;
  source: 'upgrade' | 'import' | 'pull' | 'push';
  reason: string;
  /**
   * The record (db/dead-letters.ts): a copy when its JSON is small, else that JSON cut, as text.
   * Letters written before the cap hold the whole record; a summary holds null.
   */
  record: unknown;
  /** `record` is the cut JSON text of a record too large (or too deep) to keep whole. */
  truncated?: true;
  /** Only on the summary of a user and source: how many letters were set aside but not kept. */
  dropped?: number;
  at: number;
}

/** This device: its id (entries name it) and its hybrid-logical-clock state. */
export interface DeviceRecord {
  key: 'device';
  id: string;
  /** The greatest stamp issued or seen (within the bound of domain/hlc.ts). */
  hlc: number;
  /**
   * How far this device's clock is behind the cloud's, in ms (learned at each sync that pushed;
   * missing or 0 when within CLOCK_TOLERANCE_MS): added to the physical clock for new entries.
   */
  offset?: number;
  /**
   * The sum, in ms, of every change of `offset` learned from the cloud (a probe), each a jump of
   * the corrected clock; changes that only take up the physical clock being set are not counted.
   * Missing: 0.
   */
  taught?: number;
  /** The FOLD_VERSION the stored word records were folded with; missing: before version 2. */
  fold?: number;
  /**
   * The last pushed batch and when this device sent it and heard back (its physical clock, ms):
   * when a pull brings the batch back with the cloud's time, the offset is learned from it.
   */
  probe?: { batch: string; sent: number; done: number };
  /**
   * The device's clocks at the last change made here (domain/hlc `ClockReading`): the next
   * change compares its own with it, and a clock set meanwhile moves the offset at once.
   */
  reading?: ClockReading;
  /**
   * Stepped in the transaction of every change of the entries other than this device's own new
   * ones (which step `hlc`): a pull or an import that adds or re-dates entries, a push that sets
   * entries aside. With `hlc`, what the kept progress figures are checked against
   * (history-figures.ts). Missing: 0; a version without it keeps it (records are spread).
   */
  historyChanges?: number;
  /**
   * The latest cut of a progress checkpoint kept here (history-figures.ts): an entry added here
   * dated before it steps `historyChanges` (history-append `afterEntryHere`), so no checkpoint
   * stands for a history before the cut that has changed. Missing: no checkpoint kept.
   */
  figuresCut?: number;
  /**
   * The steps of `historyChanges` whose change touched no entry dated before `figuresCut` (a
   * pull of answers given since, the receipts of this device's own): the checkpoint goes on past
   * them (history-figures.ts). A version without it steps `historyChanges` alone, and the
   * checkpoint is then not used.
   */
  foldSafeChanges?: number;
}

/**
 * An admin's curriculum change not yet in the cloud, keyed by its document id: a later change of
 * the same record replaces it. `seq` orders the outbox and tells a push whether the record
 * changed again meanwhile.
 */
export interface OutboxRecord {
  docId: string;
  seq: number;
  doc: CurriculumDocWrite;
  queuedAt: number;
  /**
   * Set aside (epoch ms) when the cloud refused its author's push for want of rights (an admin
   * whose claim was revoked): kept here, left out of the push until the admin sends it again.
   */
  heldAt?: number;
}

/** An admin's exam composition for one post (meta key `exam:<role id>`, exam-settings-repo.ts). */
export type ExamSettingMeta = ExamSetting & { key: string };

export const examSettingKey = (roleId: string) => `exam:${roleId}`;

/**
 * What this device knows of a user's place in the fleet (meta key `fleet:<uid>`, fleet-repo.ts):
 * the vessel they are a member of, a leave not yet in the cloud, the last summary written, and
 * what the cloud last said they oversee as a training officer.
 */
export interface FleetMeta {
  key: string;
  membership?: FleetMembership;
  /** A vessel left while offline: the next sync tells the cloud. */
  leaving?: string;
  written?: SummaryWritten;
  officer?: OfficerGrant | null;
  /** When the membership and the officer document were last read (epoch ms). */
  checkedAt?: number;
  /**
   * How many joins and leaves this device made: a cloud read that began before one is set aside
   * (it would bring back what the user just changed).
   */
  changes?: number;
}

/**
 * An officer's last copy of the dashboard (meta key `fleet-dashboard:<uid>`): the vessels, their
 * crew summaries as read, each vessel's pull cursor, and when the copy was made.
 */
export interface FleetDashboardMeta {
  key: string;
  vessels: Vessel[];
  crew: Record<string, CrewRow[]>;
  /** Per vessel: the greatest `syncedAt` read (epoch microseconds). */
  cursors: Record<string, number>;
  /** Epoch ms of the last successful refresh. */
  loadedAt: number;
}

/**
 * What this device sent of its own exam results to the cloud (meta key `exam-proofs:<uid>`,
 * exam-proof-repo.ts): per exam id, how the result document went. A result not listed here is
 * still to be sent (or was made elsewhere: the device that made it sends it).
 */
export interface ExamProofMeta {
  key: string;
  results: Record<string, ExamProofSent>;
}

export interface ExamProofSent {
  /** supervised: with a sitting code; self: without; refused: the rules took neither. */
  level: 'supervised' | 'self' | 'refused';
  /** The sitting code was refused (wrong, used, another learner's or post's): sent without it. */
  codeRefused?: boolean;
  byName?: string;
  issuedAt?: number;
  /** Epoch ms of the send. */
  at: number;
}

export const examProofKey = (userId: string) => `exam-proofs:${userId}`;

/**
 * A user's history revision (meta key `history-rev:<uid>`, history-rev.ts `touchHistory`):
 * stepped after every change of their entries other than one added alone.
 */
export interface HistoryRevMeta {
  key: string;
  rev: number;
}

/**
 * The last progress figures worked out for a user (meta key `progress-figures:<uid>`,
 * history-figures.ts), and what they rest on (`of`): used again only while that is unchanged.
 */
export interface ProgressFiguresMeta {
  key: string;
  of: string;
  figures: ProgressFigures;
}

/**
 * The words' states over a user's entries before a study day's start, and what the days before it
 * gave the charts and the calibration (meta key `progress-fold:<uid>`, history-figures.ts,
 * domain/fold-checkpoint.ts): the progress figures worked out later fold only the entries after
 * it. Used only while the basis (`of`) is the same, the revision it stands at (`FoldCarriedMeta`)
 * is the history's, and every step of this device's `historyChanges` since was a safe one.
 */
export interface FoldCheckpointMeta {
  key: string;
  /** Told apart from the checkpoint kept before (`FoldCarriedMeta`). */
  id: string;
  of: string;
  changes: number;
  /** The device's `foldSafeChanges` when it was kept. */
  safe: number;
  cut: number;
  since: number;
  entries: number;
  /** The chart's days before the cut: [start, right, wrong, learned at its end]. */
  days: [day: number, right: number, wrong: number, learned: number][];
  /** The calibration's sums of the days before the cut: [study day, right, recalled, reviews]. */
  calibration: [day: number, right: number, recalled: number, reviews: number][];
  /**
   * [word, state, the last entry before the cut: its stamp, device and id; for a word with a
   * baseline, the calibration's state].
   */
  words: [
    vocabId: string,
    state: UserWord,
    hlc: number,
    device: string,
    id: string,
    calState?: UserWord,
  ][];
}

export const historyRevKey = (userId: string) => `history-rev:${userId}`;
export const foldCheckpointKey = (userId: string) => `progress-fold:${userId}`;

/**
 * The history revision a user's checkpoint stands at (meta key `progress-fold-rev:<uid>`): set
 * when it is kept, and moved with the revision by a step whose change touched nothing before
 * its cut (history-rev.ts `touchHistory`). A version without it steps the revision alone.
 */
export interface FoldCarriedMeta {
  key: string;
  id: string;
  rev: number;
}

export const foldCarriedKey = (userId: string) => `progress-fold-rev:${userId}`;
export const progressFiguresKey = (userId: string) => `progress-figures:${userId}`;

export const fleetKey = (userId: string) => `fleet:${userId}`;
export const fleetDashboardKey = (userId: string) => `fleet-dashboard:${userId}`;

/** What this device knows of the shared curriculum (meta key `curriculum`). */
export interface CurriculumMeta {
  key: 'curriculum';
  /** The pull cursor: the `updatedAt` (epoch microseconds) of the last document pulled... */
  cursor: number;
  /**
   * ...and its id (documents of one commit share their time). Missing in a record of the version
   * before, whose cursor could skip documents: the next pull then starts over from the beginning.
   */
  cursorId?: string;
  /** When a pull last brought a change (the cloud's time, epoch ms), and how many words it added. */
  updatedAt?: number;
  addedWords?: number;
}

/** A 0/1 flag: IndexedDB cannot index booleans. */
export type StoredFlag = 0 | 1;

/**
 * A UserWord as stored: `deleted` is always present as 0/1 and `hidden` is 0/1 when present.
 * Repositories convert to and from the domain `UserWord`; callers never see these flags.
 */
export type StoredUserWord = Omit<UserWord, 'deleted' | 'hidden'> & {
  deleted: StoredFlag;
  hidden?: StoredFlag;
};

export type UserWordKey = [userId: string, vocabId: string];

/**
 * What the meta store records of the built-in vocabulary. A database upgraded from version 5 or
 * older holds the first vocabulary but no digests: it is marked `legacy` until the next install.
 */
export type VocabularyMeta = { key: 'vocabulary' } & (
  | InstalledVocabulary
  | { version: number; legacy: true }
);

export interface MarineDBSchema extends DBSchema {
  users: { key: string; value: LocalUserRecord; indexes: { email: string } };
  vocab: {
    key: string;
    value: VocabItem;
    indexes: { topic: string; division: string; roles: string };
  };
  userWords: {
    key: UserWordKey;
    value: StoredUserWord;
    indexes: {
      userId: string;
      vocabId: string;
      status: WordStatus;
      nextReviewAt: number;
      updatedAt: number;
      deleted: StoredFlag;
      remoteId: string;
    };
  };
  topics: { key: string; value: Topic };
  roles: { key: string; value: Role };
  divisions: { key: string; value: Division };
  meta: {
    key: string;
    value:
      | VocabularyMeta
      | CurriculumMeta
      | ExamSettingMeta
      | FleetMeta
      | FleetDashboardMeta
      | ExamProofMeta
      | HistoryRevMeta
      | ProgressFiguresMeta
      | FoldCheckpointMeta
      | FoldCarriedMeta;
  };
  history: {
    key: string;
    value: StoredHistoryEntry;
    indexes: {
      word: [userId: string, vocabId: string];
      userTime: [userId: string, t: number];
      unsent: [userId: string, sent: StoredFlag];
    };
  };
  deadLetters: { key: string; value: DeadLetter; indexes: { userId: string } };
  device: { key: string; value: DeviceRecord };
  curriculumOutbox: { key: string; value: OutboxRecord };
}

/** An open MarineDB connection. */
export type MarineDB = IDBPDatabase<MarineDBSchema>;
