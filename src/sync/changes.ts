/**
 * What a sync changed on this device, typed, with the records as stored: the stores patch what
 * they show with them instead of reading whole tables again (app/cloud.ts routes each kind).
 */
import type { LocalUserRecord } from '@/db/schema';
import type { CatalogChanges } from '@/domain/catalog-edits';
import type { UserWord } from '@/domain/types';

/** Words whose state a sync refolded (pulled entries, old documents, new schedule settings). */
export interface WordsChange {
  kind: 'words';
  userId: string;
  /** Their states as stored (a deleted word among them leaves a list of words in use). */
  words: UserWord[];
  /** Words left without a record. */
  removed: string[];
}

/** The user's settings after another device's schedule settings were taken from the profile. */
export interface SettingsChange {
  kind: 'settings';
  userId: string;
  settings: LocalUserRecord['settings'];
}

/** Catalogue records a curriculum pull wrote or deleted (an admin's edits on any device). */
export interface CatalogueChange {
  kind: 'catalogue';
  changes: CatalogChanges;
}

/** The user's vessel membership or officer rights changed (the fleet screens read them again). */
export interface FleetChange {
  kind: 'fleet';
  userId: string;
}

/** This device's exam results went to the cloud as result documents. */
export interface ExamsChange {
  kind: 'exams';
  userId: string;
  /** Result documents created. */
  sent: number;
}

export type SyncChange = WordsChange | SettingsChange | CatalogueChange | FleetChange | ExamsChange;
