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
import { countUnsent } from '@/db/history-queries';
import { recordChange } from '@/db/history-repo';
import { getUserWord } from '@/db/user-words-repo';
import { SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import { checkEntry, type HistoryEntry } from '@/domain/history';
import { syncOnce } from '@/sync/engine';
import { parseEmulatorHost } from '@/sync/firebase-app';
import { createFirestoreRemote, openFirestore } from '@/sync/firestore-remote';
import type { RemoteStore } from '@/sync/remote-store';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';
import { openDeviceOf } from '../db/helpers';

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
const T = Date.UTC(2026, 10, 23, 8);

function entry(userId: string, id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    userId,
    vocabId: 'dk002',
    kind: 'answer',
    correct: true,
    mode: 'choice',
    hlc: T * 1000 + seq,
    wall: T,
    device: 'phone-1',
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

describe('createFirestoreRemote (Firestore Lite adapter)', () => {
  it('pushes each batch as one new document in one commit, and pulls the entries back', async () => {
    const uid = uniqueUser();
    const first = [
      entry(uid, 'e1'),
      entry(uid, 'e2', { kind: 'skip', correct: undefined, mode: undefined }),
    ];
    const second = [entry(uid, 'e3', { correct: false, mode: 'spelling' })];
    await remote.pushHistory(uid, [
      { id: 'b1', entries: first },
      { id: 'b2', entries: second },
    ]);
    if (testApi) {
      expect((await testApi.stats()).requests.commit).toBe(1);
      const docs = await testApi.documents(`users/${uid}/history`);
      expect(docs.map((d) => d.id)).toEqual(['b1', 'b2']);
      expect(Object.keys(docs[0]?.data ?? {}).sort()).toEqual([
        'count',
        'device',
        'entries',
        'syncedAt',
      ]);
      expect(docs[0]?.data).toMatchObject({
        device: 'phone-1',
        count: 2,
        entries: [
          {
            i: 'e1',
            v: 'dk002',
            k: 'answer',
            c: true,
            m: 'choice',
            h: first[0]?.hlc,
            w: T,
            d: 'phone-1',
          },
          { i: 'e2', v: 'dk002', k: 'skip', h: first[1]?.hlc, w: T, d: 'phone-1' },
        ],
      });
    }
    const pulled = await remote.pullHistory(uid, 0);
    expect(pulled.batches.map((b) => b.id).sort()).toEqual(['b1', 'b2']);
    const entries = pulled.batches.flatMap((b) => b.entries) as HistoryEntry[];
    const receivedAt = entries[0]?.receivedAt as number;
    expect(Math.abs(receivedAt - Date.now())).toBeLessThan(60_000);
    expect(pulled.cursor).toBe(receivedAt * 1000 + (pulled.cursor % 1000));
    for (const [index, sent] of [...first, ...second].entries()) {
      const checked = checkEntry(entries[index]);
      expect(checked).toEqual({ ok: true, entry: { ...sent, receivedAt } });
    }
    // From the returned cursor: nothing, for one billed read.
    const readsBefore = (await testApi?.stats())?.reads ?? 0;
    expect((await remote.pullHistory(uid, pulled.cursor)).batches).toEqual([]);
    if (testApi) expect((await testApi.stats()).reads - readsBefore).toBe(1);
  });

  it('orders pulls by server time: a cursor between two pushes returns only the later batch', async () => {
    const uid = uniqueUser();
    await remote.pushHistory(uid, [{ id: 'early', entries: [entry(uid, 'x1')] }]);
    const { cursor } = await remote.pullHistory(uid, 0);
    await remote.pushHistory(uid, [{ id: 'late', entries: [entry(uid, 'x2')] }]);
    const later = await remote.pullHistory(uid, cursor);
    expect(later.batches.map((b) => b.id)).toEqual(['late']);
    expect(later.cursor).toBeGreaterThan(cursor);
  });

  it('knows whether a batch document exists', async () => {
    const uid = uniqueUser();
    await remote.pushHistory(uid, [{ id: 'there', entries: [entry(uid, 'h1')] }]);
    expect(await remote.hasHistoryBatch(uid, 'there')).toBe(true);
    expect(await remote.hasHistoryBatch(uid, 'missing')).toBe(false);
  });

  it(`refuses more than ${SYNC_BATCH_MAX_WRITES} batches without sending anything; an empty push sends nothing`, async () => {
    const uid = uniqueUser();
    const batches = Array.from({ length: SYNC_BATCH_MAX_WRITES + 1 }, (_, i) => ({
      id: `b${i}`,
      entries: [entry(uid, `m${i}`)],
    }));
    await expect(remote.pushHistory(uid, batches)).rejects.toBeInstanceOf(RangeError);
    await remote.pushHistory(uid, []);
    if (testApi) expect((await testApi.stats()).requests.commit ?? 0).toBe(0);
  });

  it('reads every old per-word document, with or without syncedAt, leaving out malformed ones', async () => {
    const uid = uniqueUser();
    const fields = (vocabId: string, extra: Record<string, unknown> = {}) => ({
      vocabId: { stringValue: vocabId },
      status: { stringValue: 'learned' },
      attempts: { integerValue: '4' },
      correct: { integerValue: '3' },
      streak: { integerValue: '2' },
      strength: { doubleValue: 0.6 },
      updatedAt: { integerValue: String(T) },
      ...extra,
    });
    const write = (id: string, data: Record<string, unknown>, stamped: boolean) => ({
      update: { name: `${ROOT}/users/${uid}/userWords/${id}`, fields: data },
      ...(stamped
        ? { updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }] }
        : {}),
    });
    const response = await restCommit([
      write('w1', fields('w1'), true),
      write('w2', fields('w2', { nextReviewAt: { integerValue: String(T + 1000) } }), false),
      write('bad', fields('bad', { status: { stringValue: 'weird' } }), true),
    ]);
    expect(response.status).toBe(200);
    const words = await remote.readLegacyWords(uid);
    expect(words.map((w) => w.vocabId).sort()).toEqual(['w1', 'w2']);
    expect(words.find((w) => w.vocabId === 'w2')).toMatchObject({
      userId: uid,
      status: 'learned',
      attempts: 4,
      correct: 3,
      nextReviewAt: T + 1000,
    });
  });

  it('a batch document without entries yields no entries, and the cursor still moves past it', async () => {
    const uid = uniqueUser();
    await remote.pushHistory(uid, [{ id: 'good', entries: [entry(uid, 'g1')] }]);
    const response = await restCommit([
      {
        update: {
          name: `${ROOT}/users/${uid}/history/odd`,
          fields: { device: { stringValue: 'x' } },
        },
        updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
      },
    ]);
    expect(response.status).toBe(200);
    const pulled = await remote.pullHistory(uid, 0);
    expect(pulled.batches.map((b) => [b.id, b.entries.length])).toEqual([
      ['good', 1],
      ['odd', 0],
    ]);
    expect((await remote.pullHistory(uid, pulled.cursor)).batches).toEqual([]);
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

  it('a failed push rejects and writes nothing; the next one goes through', async () => {
    const uid = uniqueUser();
    const batch = { id: 'f1', entries: [entry(uid, 'f1')] };
    if (!testApi) {
      // No failure injection on the official emulator: the successful path only.
      await remote.pushHistory(uid, [batch]);
      expect((await remote.pullHistory(uid, 0)).batches).toHaveLength(1);
      return;
    }
    await testApi.reset();
    await testApi.failNext(1, 'error', 'commit');
    await expect(remote.pushHistory(uid, [batch])).rejects.toMatchObject({ code: 'unavailable' });
    expect(await testApi.documents(`users/${uid}`)).toEqual([]);
    expect((await testApi.stats()).writes).toBe(0);
    await remote.pushHistory(uid, [batch]);
    expect((await remote.pullHistory(uid, 0)).batches).toHaveLength(1);
  });

  it('two devices answer the same word and sync through the adapter: both keep every answer', async () => {
    const uid = uniqueUser();
    const phone = await openDeviceOf(uid);
    const tablet = await openDeviceOf(uid);
    try {
      for (let i = 0; i < 3; i++) {
        await recordChange(phone, uid, 'dk002', { kind: 'answer', correct: true }, T + i * 1000);
      }
      await recordChange(tablet, uid, 'dk002', { kind: 'answer', correct: false }, T + 500);
      for (const db of [phone, tablet, phone]) {
        await syncOnce({ db, remote, userId: uid, now: T });
      }
      const onPhone = await getUserWord(phone, uid, 'dk002');
      expect(onPhone).toMatchObject({ attempts: 4, correct: 3 });
      expect(await getUserWord(tablet, uid, 'dk002')).toEqual(onPhone);
    } finally {
      phone.close();
      tablet.close();
    }
  });

  it('a push whose response is lost is not written twice: the next sync finds it in the pull', async () => {
    if (!testApi) return; // failure injection needs the test server
    const uid = uniqueUser();
    const db = await openDeviceOf(uid);
    try {
      await recordChange(db, uid, 'dk002', { kind: 'answer', correct: true }, T);
      await testApi.failNext(1, 'drop-response', 'commit');
      await expect(syncOnce({ db, remote, userId: uid, now: T })).rejects.toThrow();
      expect(await testApi.documents(`users/${uid}/history`)).toHaveLength(1);
      const writesBefore = (await testApi.stats()).writes;
      await syncOnce({ db, remote, userId: uid, now: T });
      expect((await testApi.stats()).writes).toBe(writesBefore);
      expect(await testApi.documents(`users/${uid}/history`)).toHaveLength(1);
      expect(await countUnsent(db, uid)).toBe(0);
    } finally {
      db.close();
    }
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
      await remote.pushHistory(uid, [{ id: `t${i}`, entries: [entry(uid, `t${i}`)] }]);
      cursors.push((await remote.pullHistory(uid, cursors.at(-1) ?? 0)).cursor);
    }
    for (let i = 1; i < cursors.length; i++) {
      expect(cursors[i]).toBeGreaterThan(cursors[i - 1] as number);
    }

    if (!testApi) return; // distinct times for concurrent commits is the test server's promise
    const concurrent = uniqueUser();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        remote.pushHistory(concurrent, [{ id: `c${i}`, entries: [entry(concurrent, `c${i}`)] }]),
      ),
    );
    const times = (await testApi.documents(`users/${concurrent}/history`)).map(
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

  it("keeps history batches append-only for signed-in callers, with the rules' shape", async () => {
    if (officialEmulator) return;
    const token = emulatorToken('carol');
    const batch = (id: string, fields: Record<string, unknown>) => ({
      update: { name: `${ROOT}/users/carol/history/${id}`, fields },
      updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
    });
    const entries = (n: number) => ({
      arrayValue: {
        values: Array.from({ length: n }, (_, i) => ({
          mapValue: { fields: { i: { stringValue: `e${i}` } } },
        })),
      },
    });
    const good = {
      device: { stringValue: 'phone' },
      count: { integerValue: '2' },
      entries: entries(2),
    };
    expect((await restCommit([batch('b1', good)], token)).status).toBe(200);
    // An existing batch is never updated (a retry that lands twice), nor deleted.
    const again = await restCommit(
      [batch('b1', { ...good, device: { stringValue: 'other' } })],
      token,
    );
    expect(again.status).toBe(403);
    const removal = await restCommit([{ delete: `${ROOT}/users/carol/history/b1` }], token);
    expect(removal.status).toBe(403);
    expect((await restGet('users/carol/history/b1')).fields?.device).toEqual({
      stringValue: 'phone',
    });
    // The shape: a count that is not the entries' number, too many entries, an unknown field.
    for (const bad of [
      { ...good, count: { integerValue: '3' } },
      { ...good, count: { integerValue: '501' }, entries: entries(501) },
      { ...good, extra: { stringValue: 'x' } },
      { ...good, device: { stringValue: '' } },
    ]) {
      expect((await restCommit([batch(`bad-${seq++}`, bad)], token)).status).toBe(403);
    }
    // Another user's history is out of reach.
    const foreign = await restCommit(
      [{ update: { name: `${ROOT}/users/dave/history/b1`, fields: good } }],
      token,
    );
    expect(foreign.status).toBe(403);
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
