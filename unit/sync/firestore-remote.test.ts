/**
 * The Firestore Lite adapter through the REAL SDK (`firebase/firestore/lite` runs in Node 20 on the
 * global fetch), against the Firestore REST test server of e2e/support, or against a running
 * official emulator when FIRESTORE_EMULATOR_HOST names one (then the assertions that need the test
 * server's /__test endpoints are left out by branching).
 */
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCount,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  query,
  runTransaction,
  setDoc,
  setLogLevel,
  startAfter,
  Timestamp,
  updateDoc,
  where,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FirebaseSettings } from '@/auth/firebase-config';
import { SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import type { UserWord } from '@/domain/types';
import { parseEmulatorHost } from '@/sync/firebase-app';
import { createFirestoreRemote, openFirestore } from '@/sync/firestore-remote';
import type { RemoteStore } from '@/sync/remote-store';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';

const PROJECT = 'demo-marine';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;
const officialEmulator = process.env.FIRESTORE_EMULATOR_HOST?.trim() || undefined;

let server: FirestoreRestServer | undefined;
let baseUrl: string;
let settings: FirebaseSettings;
let remote: RemoteStore;
/** The test server's admin API; undefined against the official emulator. */
let testApi: ReturnType<typeof firestoreTestApi> | undefined;

beforeAll(async () => {
  setLogLevel('silent');
  if (officialEmulator) {
    baseUrl = `http://${officialEmulator}`;
  } else {
    server = await startFirestoreRestServer({ port: 0 });
    baseUrl = server.url;
    testApi = firestoreTestApi(baseUrl);
  }
  settings = {
    apiKey: 'demo-key',
    projectId: PROJECT,
    firestoreEmulator: officialEmulator ?? server?.host ?? '',
  };
  remote = createFirestoreRemote(settings);
  if (officialEmulator) {
    // The official emulator enforces firestore.rules (firebase.json). These tests are about the
    // adapter, not the rules: before first use, act as the emulator's admin ('owner' bypasses rules).
    const { db } = await openFirestore(settings);
    const { host, port } = parseEmulatorHost(officialEmulator);
    connectFirestoreEmulator(db, host, port, { mockUserToken: 'owner' });
  }
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  // The official emulator's clear-all call; the test server answers it too.
  const response = await fetch(`${baseUrl}/emulator/v1/${ROOT}`, { method: 'DELETE' });
  expect(response.ok).toBe(true);
  await testApi?.reset();
});

let seq = 0;
const uniqueUser = () => `user-${process.pid}-${Date.now().toString(36)}-${++seq}`;

function word(userId: string, vocabId: string, patch: Partial<UserWord> = {}): UserWord {
  return {
    userId,
    vocabId,
    status: 'learning',
    attempts: 2,
    correct: 1,
    streak: 1,
    strength: 0.35,
    updatedAt: 1_700_000_000_000,
    ...patch,
  };
}

/** A document read with the plain REST GET (both servers), as the emulator's admin ('owner'). */
async function restGet(
  path: string,
): Promise<{ status: number; fields?: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/v1/${ROOT}/${path}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const body = (await response.json()) as { fields?: Record<string, unknown> };
  return { status: response.status, ...(body.fields ? { fields: body.fields } : {}) };
}

/** A raw commit shaped like Lite's, as the emulator's admin ('owner') or with the given token. */
function restCommit(writes: unknown[], token = 'owner'): Promise<Response> {
  return fetch(`${baseUrl}/v1/${ROOT}:commit?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ writes }),
  });
}

/** An unsigned token as the Auth emulator issues it. */
function emulatorToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ user_id: uid, sub: uid })}.`;
}

const byVocab = (a: UserWord, b: UserWord) => a.vocabId.localeCompare(b.vocabId);

describe('createFirestoreRemote (Firestore Lite adapter)', () => {
  it('commits words and pulls them back with remoteId = vocabId and the owner from the path', async () => {
    const uid = uniqueUser();
    const words = [
      word(uid, 'eng201', { lastSeenAt: 1_700_000_000_500, nextReviewAt: 1_700_086_400_000 }),
      word(uid, 'deck-7', { status: 'learned', strength: 1, streak: 5, correct: 3, hidden: true }),
      word(uid, 'gal-3', {
        status: 'new',
        attempts: 0,
        correct: 0,
        streak: 0,
        strength: 0,
        deleted: true,
      }),
    ];
    await remote.commitWords(uid, words);

    const pulled = await remote.pullWords(uid, 0);
    expect(pulled.words.sort(byVocab)).toEqual(
      words.map((w) => ({ ...w, remoteId: w.vocabId })).sort(byVocab),
    );
    expect(pulled.cursor).toBeGreaterThan(0);
    // microseconds of a current server time
    expect(pulled.cursor / 1000).toBeGreaterThan(Date.now() - 60_000);
    expect(pulled.cursor / 1000).toBeLessThan(Date.now() + 60_000);

    const stored = await restGet(`users/${uid}/userWords/eng201`);
    expect(stored.status).toBe(200);
    expect(Object.keys(stored.fields ?? {}).sort()).toEqual(
      [
        'attempts',
        'correct',
        'lastSeenAt',
        'nextReviewAt',
        'status',
        'strength',
        'streak',
        'syncedAt',
        'updatedAt',
        'vocabId',
      ].sort(),
    );
    expect(stored.fields?.syncedAt).toHaveProperty('timestampValue');
    expect(stored.fields?.attempts).toEqual({ integerValue: '2' });
    expect(stored.fields?.strength).toEqual({ doubleValue: 0.35 });
  });

  it('a second commit of the same word updates the one document and merges fields', async () => {
    const uid = uniqueUser();
    await remote.commitWords(uid, [word(uid, 'eng202', { lastSeenAt: 111, hidden: true })]);
    const first = await remote.pullWords(uid, 0);
    await remote.commitWords(uid, [
      word(uid, 'eng202', {
        attempts: 3,
        correct: 2,
        streak: 2,
        strength: 0.6,
        updatedAt: 1_700_000_001_000,
      }),
    ]);

    const pulled = await remote.pullWords(uid, 0);
    expect(pulled.words).toHaveLength(1);
    // lastSeenAt and hidden were not in the second write: merge keeps them
    expect(pulled.words[0]).toEqual(
      word(uid, 'eng202', {
        attempts: 3,
        correct: 2,
        streak: 2,
        strength: 0.6,
        updatedAt: 1_700_000_001_000,
        lastSeenAt: 111,
        hidden: true,
        remoteId: 'eng202',
      }),
    );
    expect(pulled.cursor).toBeGreaterThan(first.cursor);
    if (testApi) {
      const documents = await testApi.documents(`users/${uid}/userWords`);
      expect(documents.map((d) => d.id)).toEqual(['eng202']);
    }
  });

  it('a pull with the returned cursor returns nothing, for one billed read', async () => {
    const uid = uniqueUser();
    await remote.commitWords(uid, [word(uid, 'a'), word(uid, 'b')]);
    const { cursor } = await remote.pullWords(uid, 0);

    const before = await testApi?.stats();
    const idle = await remote.pullWords(uid, cursor);
    expect(idle).toEqual({ words: [], cursor });
    if (testApi && before) {
      const after = await testApi.stats();
      expect(after.reads - before.reads).toBe(1);
      expect(after.requests.runQuery - before.requests.runQuery).toBe(1);
    }
  });

  it('orders pulls by server time: a cursor between two commits returns only the later one', async () => {
    const uid = uniqueUser();
    await remote.commitWords(uid, [word(uid, 'z-first'), word(uid, 'y-first')]);
    const afterFirst = await remote.pullWords(uid, 0);
    expect(afterFirst.words.map((w) => w.vocabId).sort()).toEqual(['y-first', 'z-first']);

    await remote.commitWords(uid, [word(uid, 'a-second', { updatedAt: 5 })]);
    const incremental = await remote.pullWords(uid, afterFirst.cursor);
    expect(incremental.words.map((w) => w.vocabId)).toEqual(['a-second']);
    expect(incremental.cursor).toBeGreaterThan(afterFirst.cursor);

    // Updating an old word moves it after the others in syncedAt order.
    await remote.commitWords(uid, [word(uid, 'z-first', { attempts: 9 })]);
    const all = await remote.pullWords(uid, 0);
    expect(all.words.map((w) => w.vocabId).slice(-2)).toEqual(['a-second', 'z-first']);
    expect(all.cursor).toBeGreaterThan(incremental.cursor);
  });

  it(`commits ${SYNC_BATCH_MAX_WRITES} words in one commit request`, async () => {
    const uid = uniqueUser();
    const words = Array.from({ length: SYNC_BATCH_MAX_WRITES }, (_, i) =>
      word(uid, `w${String(i).padStart(3, '0')}`, { attempts: i }),
    );
    const before = await testApi?.stats();
    await remote.commitWords(uid, words);
    if (testApi && before) {
      const after = await testApi.stats();
      expect(after.requests.commit - before.requests.commit).toBe(1);
      expect(after.writes - before.writes).toBe(SYNC_BATCH_MAX_WRITES);
    }
    const pulled = await remote.pullWords(uid, 0);
    expect(pulled.words).toHaveLength(SYNC_BATCH_MAX_WRITES);
    expect(pulled.words.find((w) => w.vocabId === 'w499')?.attempts).toBe(499);
  });

  it(`refuses more than ${SYNC_BATCH_MAX_WRITES} words without sending anything`, async () => {
    const uid = uniqueUser();
    const words = Array.from({ length: SYNC_BATCH_MAX_WRITES + 1 }, (_, i) => word(uid, `w${i}`));
    const before = await testApi?.stats();
    await expect(remote.commitWords(uid, words)).rejects.toThrow(/500/);
    if (testApi && before) {
      expect((await testApi.stats()).requests.commit).toBe(before.requests.commit);
    }
    expect((await remote.pullWords(uid, 0)).words).toEqual([]);
  });

  it('an empty commit sends nothing', async () => {
    const before = await testApi?.stats();
    await remote.commitWords(uniqueUser(), []);
    if (testApi && before) expect(await testApi.stats()).toEqual(before);
  });

  it('skips a malformed document but still moves the cursor past it', async () => {
    const uid = uniqueUser();
    await remote.commitWords(uid, [word(uid, 'good')]);
    const response = await restCommit([
      {
        update: {
          name: `${ROOT}/users/${uid}/userWords/bad`,
          fields: { vocabId: { stringValue: 'bad' }, status: { stringValue: 'weird' } },
        },
        updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
      },
    ]);
    expect(response.status).toBe(200);
    const pulled = await remote.pullWords(uid, 0);
    expect(pulled.words.map((w) => w.vocabId)).toEqual(['good']);
    expect((await remote.pullWords(uid, pulled.cursor)).words).toEqual([]);
  });

  it('reads and merge-writes the profile and never writes isAdmin', async () => {
    const uid = uniqueUser();
    expect(await remote.readProfile(uid)).toBeNull();

    await remote.writeProfile(uid, {
      email: 'bosun@ship.test',
      fullName: 'Иван Петров',
      createdAt: 1_700_000_000_000,
      division: 'deck',
      role: 'bosun',
      dailyGoal: 10,
      isAdmin: true,
    });
    let stored = await restGet(`users/${uid}`);
    expect(stored.fields).not.toHaveProperty('isAdmin');

    await remote.writeProfile(uid, { dailyGoal: 20, theme: 'dark', uiLang: 'en', isAdmin: true });
    expect(await remote.readProfile(uid)).toEqual({
      email: 'bosun@ship.test',
      fullName: 'Иван Петров',
      createdAt: 1_700_000_000_000,
      division: 'deck',
      role: 'bosun',
      dailyGoal: 20,
      theme: 'dark',
      uiLang: 'en',
    });

    // An admin flag set by the Admin SDK is read, and a client write leaves it alone.
    const flagged = await restCommit([
      {
        update: { name: `${ROOT}/users/${uid}`, fields: { isAdmin: { booleanValue: true } } },
        updateMask: { fieldPaths: ['isAdmin'] },
      },
    ]);
    expect(flagged.status).toBe(200);
    await remote.writeProfile(uid, { fullName: 'Пётр', isAdmin: false });
    const profile = await remote.readProfile(uid);
    expect(profile).toMatchObject({ fullName: 'Пётр', isAdmin: true, dailyGoal: 20 });
    stored = await restGet(`users/${uid}`);
    expect(stored.fields?.isAdmin).toEqual({ booleanValue: true });
  });

  it('a failed commit rejects and writes nothing', async () => {
    const uid = uniqueUser();
    if (!testApi) {
      // No failure injection on the official emulator: the successful path only.
      await remote.commitWords(uid, [word(uid, 'x')]);
      expect((await remote.pullWords(uid, 0)).words).toHaveLength(1);
      return;
    }
    await testApi.failNext(1, 'error', 'commit');
    await expect(remote.commitWords(uid, [word(uid, 'x'), word(uid, 'y')])).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(await testApi.documents(`users/${uid}`)).toEqual([]);
    expect((await testApi.stats()).writes).toBe(0);
    // The next attempt goes through.
    await remote.commitWords(uid, [word(uid, 'x'), word(uid, 'y')]);
    expect((await remote.pullWords(uid, 0)).words).toHaveLength(2);
  });

  it('a commit whose response is lost rejects, but the data is there and a retry is idempotent', async () => {
    const uid = uniqueUser();
    const words = [word(uid, 'lost-1'), word(uid, 'lost-2', { attempts: 7 })];
    if (testApi) {
      await testApi.failNext(1, 'drop-response', 'commit');
      await expect(remote.commitWords(uid, words)).rejects.toThrow();
      const applied = await testApi.documents(`users/${uid}/userWords`);
      expect(applied.map((d) => d.id)).toEqual(['lost-1', 'lost-2']);
      expect(applied[1]?.data).toMatchObject({ vocabId: 'lost-2', attempts: 7 });
    } else {
      await remote.commitWords(uid, words);
    }
    // The sync engine retries the same queue entries: same documents, no duplicates.
    await remote.commitWords(uid, words);
    const pulled = await remote.pullWords(uid, 0);
    expect(pulled.words.sort(byVocab)).toEqual(
      words.map((w) => ({ ...w, remoteId: w.vocabId })).sort(byVocab),
    );
    if (testApi) expect(await testApi.documents(`users/${uid}/userWords`)).toHaveLength(2);
  });
});

describe('the Firestore REST test server, through the Lite SDK', () => {
  const open = () => openFirestore(settings);

  it('sets, merges, updates, reads and deletes documents', async () => {
    const { db } = await open();
    const uid = uniqueUser();
    const ref = doc(db, 'users', uid, 'notes', 'n1');
    expect((await getDoc(ref)).exists()).toBe(false);

    await setDoc(ref, { a: 1, b: 'two', nested: { x: true, y: [1, 'z', null] }, c: 1.5 });
    await setDoc(ref, { b: 'three', nested: { y: [] } }, { merge: true });
    let snap = await getDoc(ref);
    expect(snap.data()).toEqual({ a: 1, b: 'three', c: 1.5, nested: { x: true, y: [] } });

    await setDoc(ref, { a: 2, b: 'ignored' }, { mergeFields: ['a'] });
    await updateDoc(ref, { 'nested.x': false, c: 2 });
    snap = await getDoc(ref);
    expect(snap.data()).toEqual({ a: 2, b: 'three', c: 2, nested: { x: false, y: [] } });

    await setDoc(ref, { only: 'this' });
    expect((await getDoc(ref)).data()).toEqual({ only: 'this' });

    await expect(
      updateDoc(doc(db, 'users', uid, 'notes', 'missing'), { a: 1 }),
    ).rejects.toMatchObject({ code: 'not-found' });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('filters, orders, limits and pages queries like Firestore', async () => {
    const { db } = await open();
    const uid = uniqueUser();
    const items = collection(db, 'users', uid, 'items');
    const base = Timestamp.fromMillis(1_700_000_000_000);
    for (let i = 0; i < 6; i++) {
      await setDoc(doc(items, `i${i}`), {
        n: i,
        half: i / 2,
        name: ['ant', 'bee', 'cat', 'dog', 'eel', 'fox'][i],
        at: new Timestamp(base.seconds + i, 123_456_000),
        tags: i % 2 === 0 ? ['even'] : ['odd'],
        ...(i === 5 ? {} : { maybe: i }),
      });
    }
    const ids = async (...constraints: Parameters<typeof query>[1][]) =>
      (await getDocs(query(items, ...constraints))).docs.map((d) => d.id);

    expect(await ids(where('n', '==', 2))).toEqual(['i2']);
    expect(await ids(where('n', '<', 2))).toEqual(['i0', 'i1']);
    expect(await ids(where('n', '<=', 2))).toEqual(['i0', 'i1', 'i2']);
    expect(await ids(where('n', '>', 3))).toEqual(['i4', 'i5']);
    expect(await ids(where('n', '>=', 3))).toEqual(['i3', 'i4', 'i5']);
    expect(await ids(where('n', '!=', 3))).toEqual(['i0', 'i1', 'i2', 'i4', 'i5']);
    expect(await ids(where('half', '>', 1))).toEqual(['i3', 'i4', 'i5']); // doubles vs integers
    expect(await ids(where('name', '>=', 'dog'))).toEqual(['i3', 'i4', 'i5']);
    expect(await ids(where('at', '>', new Timestamp(base.seconds + 3, 123_456_000)))).toEqual([
      'i4',
      'i5',
    ]);
    expect(await ids(where('maybe', '>=', 0))).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    expect(await ids(where('n', 'in', [1, 4]))).toEqual(['i1', 'i4']);
    expect(await ids(where('tags', 'array-contains', 'odd'))).toEqual(['i1', 'i3', 'i5']);
    expect(await ids(orderBy('n', 'desc'), limit(2))).toEqual(['i5', 'i4']);
    expect(await ids(orderBy('name'), limitToLast(2))).toEqual(['i4', 'i5']);
    expect(await ids(orderBy('n'), startAfter(3))).toEqual(['i4', 'i5']);
    expect(await ids(orderBy('maybe', 'desc'))).toEqual(['i4', 'i3', 'i2', 'i1', 'i0']);
    expect(await ids(where('n', '>', 100))).toEqual([]);
    expect((await getCount(query(items, where('n', '>=', 2)))).data().count).toBe(4);
  });

  it('runs a Lite transaction (batchGet, then a commit with a precondition)', async () => {
    const { db } = await open();
    const ref = doc(db, 'users', uniqueUser(), 'counters', 'c');
    await setDoc(ref, { value: 1 });
    await runTransaction(db, async (transaction) => {
      const current = (await transaction.get(ref)).data()?.value as number;
      transaction.update(ref, { value: current + 1 });
    });
    expect((await getDoc(ref)).data()).toEqual({ value: 2 });
  });

  it('gives every commit its own, strictly increasing server time', async () => {
    const uid = uniqueUser();
    const cursors: number[] = [];
    for (let i = 0; i < 5; i++) {
      await remote.commitWords(uid, [word(uid, `t${i}`)]);
      cursors.push((await remote.pullWords(uid, cursors.at(-1) ?? 0)).cursor);
    }
    for (let i = 1; i < cursors.length; i++) {
      expect(cursors[i]).toBeGreaterThan(cursors[i - 1] as number);
    }

    if (!testApi) return; // distinct times for concurrent commits is the test server's promise
    const concurrent = uniqueUser();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        remote.commitWords(concurrent, [word(concurrent, `c${i}`)]),
      ),
    );
    const times = (await testApi.documents(`users/${concurrent}/userWords`)).map(
      (d) => d.data.syncedAt,
    );
    expect(times).toHaveLength(20);
    expect(new Set(times).size).toBe(20);
  });

  it('keeps signed-in callers to their own documents (the own-documents rule)', async () => {
    if (officialEmulator) return; // the emulator's outcome depends on the rules it was started with
    const token = emulatorToken('alice');
    const write = (owner: string) => ({
      update: {
        name: `${ROOT}/users/${owner}/userWords/w1`,
        fields: { vocabId: { stringValue: 'w1' } },
      },
    });
    const denied = await restCommit([write('bob')], token);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    expect((await restCommit([write('alice')], token)).status).toBe(200);

    const runQuery = (owner: string) =>
      fetch(`${baseUrl}/v1/${ROOT}/users/${owner}:runQuery`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'userWords' }] } }),
      });
    expect((await runQuery('bob')).status).toBe(403);
    const own = await runQuery('alice');
    expect(own.status).toBe(200);
    expect(((await own.json()) as unknown[]).length).toBe(1);
  });

  it('answers CORS preflights permissively', async () => {
    if (officialEmulator) return;
    const response = await fetch(`${baseUrl}/v1/${ROOT}:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4174',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,x-goog-api-client,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4174');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
