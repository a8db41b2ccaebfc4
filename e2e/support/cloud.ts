/** What the cloud specs read from the Firestore REST test server: a user's uid and their history. */
import { expect } from '@playwright/test';
import { firestoreTestApi } from './firestore-rest-server';
import { FIRESTORE_TEST_ORIGIN } from './ports';

export const firestore = firestoreTestApi(FIRESTORE_TEST_ORIGIN);

/** The uid of the account whose cloud profile holds this e-mail (written at registration). */
export async function uidOf(email: string): Promise<string> {
  let uid = '';
  await expect
    .poll(async () => {
      const docs = await firestore.documents('users/');
      uid = docs.find((d) => d.data.email === email && d.path.split('/').length === 2)?.id ?? '';
      return uid;
    })
    .not.toBe('');
  return uid;
}

/** One history entry as a batch document stores it (src/sync/history-wire.ts). */
export interface CloudEntry {
  i: string;
  v: string;
  k: string;
  c?: boolean;
  h: number;
  w: number;
  d: string;
}

/** The entries of a batch document: the JSON text `e`, or the list `entries` of older versions. */
export function entriesOf(data: Record<string, unknown>): CloudEntry[] {
  if (typeof data.e === 'string') return JSON.parse(data.e) as CloudEntry[];
  return (data.entries as CloudEntry[] | undefined) ?? [];
}

/** The kinds of the user's cloud history entries on one word, in history order. */
export async function cloudKinds(uid: string, vocabId: string): Promise<string[]> {
  const batches = await firestore.documents(`users/${uid}/history/`);
  return batches
    .flatMap((batch) => entriesOf(batch.data).filter((e) => e.v === vocabId))
    .sort((a, b) => a.h - b.h || (a.d < b.d ? -1 : 1))
    .map((e) => (e.k === 'answer' ? `answer:${e.c ? 'right' : 'wrong'}` : e.k));
}
