/**
 * The Firestore Lite adapter through the REAL SDK (`firebase/firestore/lite` runs in Node 20 on the
 * global fetch), against the Firestore REST test server of e2e/support, or against a running
 * official emulator when FIRESTORE_EMULATOR_HOST names one (then the assertions that need the test
 * server's /__test endpoints or its rules are left out).
 *
 * Against the test server the adapter is signed in as UID, as in the app: the server then holds it
 * to its own documents and keeps `users/{uid}/history/*` create-only with the shape of the rules'
 * `validBatch`, so every push below also shows that the adapter's documents pass that check.
 * Documents are seeded and inspected over plain REST as the emulator's admin ('owner').
 */
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  type Firestore,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  limitToLast,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  startAfter,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { mergeEntries } from '@/db/history-merge';
import { countUnsent, listHistory } from '@/db/history-queries';
import { getUserWord } from '@/db/user-words-repo';
import { curriculumDocId, toCurriculumDoc } from '@/domain/curriculum';
import type { HistoryEntry } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import type { VocabItem } from '@/domain/types';
import { type FirebaseSettings, parseEmulatorHost } from '@/firebase/config';
import { syncOnce } from '@/sync/engine';
import { createFirestoreRemote, openFirestore } from '@/sync/firestore-remote';
import { SEGMENT_TAIL_BATCHES, toSegmentWire } from '@/sync/history-segments';
import {
  HISTORY_ACCOUNT_MAX_BATCHES,
  HISTORY_ACCOUNT_MAX_BYTES,
  HISTORY_BATCH_MAX_CHARS,
  toBatchDocuments,
  toBatchWire,
} from '@/sync/history-wire';
import type { PushBatchInput, RemoteStore, SegmentState } from '@/sync/remote-store';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';
import { openDeviceOf } from '../db/helpers';

const PROJECT = 'demo-marine';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;
const officialEmulator = process.env.FIRESTORE_EMULATOR_HOST?.trim() || undefined;
/** The signed-in user of the adapter (against the test server). */
const UID = 'sailor-1';
/** Its account's e-mail (the rules hold a profile's e-mail to the token's). */
const EMAIL = 'bosun@ship.test';
/** Someone else. */
const OTHER = 'sailor-2';

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
  // The adapter's token, set on the shared Firestore before its first request. The official
  // emulator enforces the firestore.rules it was started with, which these tests do not depend
  // on: there the adapter acts as the emulator's admin ('owner' bypasses rules). The test server
  // gets a signed-in user, as the app has.
  const { db } = await openFirestore(settings);
  const { host, port } = parseEmulatorHost(settings.firestoreEmulator as string);
  connectFirestoreEmulator(db, host, port, {
    mockUserToken: officialEmulator ? 'owner' : { user_id: UID, email: EMAIL },
  });
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
const T = Date.UTC(2026, 10, 23, 8);

function entry(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    userId: UID,
    vocabId: 'dk002',
    kind: 'answer',
    correct: true,
    mode: 'choice',
    hlc: T * 1000 + ++seq,
    wall: T,
    device: 'phone-1',
    ...patch,
  };
}

const batchOf = (id: string, ...entries: HistoryEntry[]): PushBatchInput => ({ id, entries });

type RestValue = Record<string, unknown>;

interface RestDocument {
  status: number;
  fields?: Record<string, RestValue>;
  updateTime?: string;
}

/** A document read with the plain REST GET (both servers), as the emulator's admin ('owner'). */
async function restGet(path: string): Promise<RestDocument> {
  const response = await fetch(`${baseUrl}/v1/${ROOT}/${path}`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const body = (await response.json()) as Omit<RestDocument, 'status'>;
  return {
    status: response.status,
    ...(body.fields ? { fields: body.fields } : {}),
    ...(body.updateTime ? { updateTime: body.updateTime } : {}),
  };
}

/** An RFC 3339 UTC timestamp ("…T08:00:00.123456Z", 0-9 fraction digits) in epoch microseconds. */
function timestampMicros(text: unknown): number {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/.exec(String(text));
  if (!match) throw new Error(`not a timestamp: ${String(text)}`);
  const fraction = Number((match[2] ?? '').padEnd(6, '0').slice(0, 6));
  return Date.parse(`${match[1]}Z`) * 1000 + fraction;
}

/** The server time (epoch µs) a stored batch document got. */
async function syncedAtOf(userId: string, batchId: string): Promise<number> {
  const stored = await restGet(`users/${userId}/history/${batchId}`);
  expect(stored.status).toBe(200);
  return timestampMicros(stored.fields?.syncedAt?.timestampValue);
}

/** A raw commit shaped like Lite's, as the emulator's admin ('owner') or with the given token. */
function restCommit(writes: unknown[], token = 'owner'): Promise<Response> {
  return fetch(`${baseUrl}/v1/${ROOT}:commit?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ writes }),
  });
}

/**
 * Batch documents in ONE commit, as versions before the account's counter wrote them (written
 * here as the emulator's admin: the rules now take one batch a commit, with the counter).
 */
async function olderCommit(userId: string, batches: readonly PushBatchInput[]): Promise<void> {
  const writes = batches.map(({ id, entries }) => {
    const { device, count, e } = toBatchWire(entries);
    return {
      update: {
        name: `${ROOT}/users/${userId}/history/${id}`,
        fields: {
          device: { stringValue: device },
          count: { integerValue: String(count) },
          e: { stringValue: e },
        },
      },
      updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
      currentDocument: { exists: false },
    };
  });
  expect((await restCommit(writes)).status).toBe(200);
}

/**
 * A batch document's create and the step of the account's counter, as the adapter writes them in
 * one commit: `n` + 1, `c` + the characters of `e`, `last` the batch.
 */
function countedBatch(uid: string, id: string, fields: Record<string, unknown>): unknown[] {
  const e = (fields.e as { stringValue?: unknown } | undefined)?.stringValue;
  const chars = typeof e === 'string' ? [...e].length : 0;
  return [
    {
      update: { name: `${ROOT}/users/${uid}/history/${id}`, fields },
      updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
    },
    counterStep(uid, id, 1, chars),
  ];
}

/** A merge-write of the account's counter: `last` set, `n` and `c` incremented. */
function counterStep(uid: string, last: string, batches: number, chars: number): unknown {
  return {
    update: { name: `${ROOT}/users/${uid}/meta/history`, fields: { last: { stringValue: last } } },
    updateMask: { fieldPaths: ['last'] },
    updateTransforms: [
      { fieldPath: 'n', increment: { integerValue: String(batches) } },
      { fieldPath: 'c', increment: { integerValue: String(chars) } },
    ],
  };
}

/** An unsigned token as the Auth emulator issues it, with its custom claims. */
function emulatorToken(uid: string, claims: Record<string, unknown> = {}): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, user_id: uid, sub: uid })}.`;
}

/** Every request the test server received, all RPCs together. */
async function requestCount(): Promise<number> {
  const stats = await testApi?.stats();
  return Object.values(stats?.requests ?? {}).reduce((sum, n) => sum + n, 0);
}

describe('createFirestoreRemote: pushHistory', () => {
  it('creates one document per batch, each in its own commit with the counter: device, count, compact entries, server time', async () => {
    const answer = entry('e1');
    const skip = entry('e2', { kind: 'skip', correct: undefined, mode: undefined });
    const baseline = entry('base-1', {
      kind: 'baseline',
      correct: undefined,
      mode: undefined,
      hlc: T * 1000,
      snapshot: {
        status: 'learning',
        attempts: 3,
        correct: 2,
        streak: 1,
        strength: 0.25,
        updatedAt: T - 1000,
        lastSeenAt: undefined,
        nextReviewAt: T + 86_400_000,
        hidden: true,
      },
    });
    const spelled = entry('e3', { correct: false, mode: 'spelling', device: 'tablet-7' });
    const before = Date.now();
    await remote.pushHistory(UID, [batchOf('b1', answer, skip, baseline), batchOf('b2', spelled)]);
    const after = Date.now();

    if (testApi) {
      expect((await testApi.stats()).requests.commit).toBe(2);
      expect((await testApi.documents(`users/${UID}`)).map((d) => d.path)).toEqual([
        `users/${UID}/history/b1`,
        `users/${UID}/history/b2`,
        `users/${UID}/meta/history`,
      ]);
    }
    // The account's counter: two batches, the UTF-8 bytes of their `e`, the last one named.
    const counter = await restGet(`users/${UID}/meta/history`);
    const bytesOf = async (id: string) =>
      Buffer.byteLength(
        String((await restGet(`users/${UID}/history/${id}`)).fields?.e?.stringValue),
      );
    expect(counter.fields).toEqual({
      n: { integerValue: '2' },
      c: { integerValue: String((await bytesOf('b1')) + (await bytesOf('b2'))) },
      last: { stringValue: 'b2' },
    });
    const b1 = await restGet(`users/${UID}/history/b1`);
    const b2 = await restGet(`users/${UID}/history/b2`);
    expect(b1.status).toBe(200);
    expect(Object.keys(b1.fields ?? {}).sort()).toEqual(['count', 'device', 'e', 'syncedAt']);
    expect(Object.keys(b2.fields ?? {}).sort()).toEqual(['count', 'device', 'e', 'syncedAt']);
    // count an integer, e a string and syncedAt a timestamp (the rules' `is int`, `is string` and
    // `== request.time`): the entries are the JSON text of their wire forms.
    expect(b1.fields?.count).toEqual({ integerValue: '3' });
    expect(b1.fields?.device).toEqual({ stringValue: 'phone-1' });
    expect(typeof b1.fields?.e?.stringValue).toBe('string');
    expect(JSON.parse(String(b1.fields?.e?.stringValue))).toEqual([
      { i: 'e1', v: 'dk002', k: 'answer', c: true, m: 'choice', h: answer.hlc, w: T, d: 'phone-1' },
      { i: 'e2', v: 'dk002', k: 'skip', h: skip.hlc, w: T, d: 'phone-1' },
      {
        i: 'base-1',
        v: 'dk002',
        k: 'baseline',
        h: T * 1000,
        w: T,
        d: 'phone-1',
        s: {
          status: 'learning',
          attempts: 3,
          correct: 2,
          streak: 1,
          strength: 0.25,
          updatedAt: T - 1000,
          nextReviewAt: T + 86_400_000,
          hidden: true,
        },
      },
    ]);
    expect(b2.fields?.count).toEqual({ integerValue: '1' });
    expect(b2.fields?.device).toEqual({ stringValue: 'tablet-7' });
    expect(JSON.parse(String(b2.fields?.e?.stringValue))).toEqual([
      {
        i: 'e3',
        v: 'dk002',
        k: 'answer',
        c: false,
        m: 'spelling',
        h: spelled.hlc,
        w: T,
        d: 'tablet-7',
      },
    ]);
    // The server's time, not the client's: two commits, in order.
    const syncedAt = await syncedAtOf(UID, 'b1');
    expect(await syncedAtOf(UID, 'b2')).toBeGreaterThan(syncedAt);
    expect(syncedAt).toBeGreaterThanOrEqual(before * 1000 - 60_000_000);
    expect(syncedAt).toBeLessThanOrEqual(after * 1000 + 60_000_000);
  });

  it("carries the sender's clock reading (`now`), even a year off, and a pull gives it to the sender's entries only", async () => {
    const behind = T - 365 * 86_400_000;
    const own = entry('n1');
    const imported = entry('n2', { device: 'elsewhere' });
    await remote.pushHistory(UID, [{ ...batchOf('clocked', own, imported), now: behind + 0.7 }]);
    const stored = await restGet(`users/${UID}/history/clocked`);
    // Whole milliseconds, the number the rules bound (not to the server's time).
    expect(stored.fields?.now).toEqual({ integerValue: String(behind) });
    const [pulled] = (await remote.pullHistory(UID, 0)).batches;
    const receivedAt = Math.floor((await syncedAtOf(UID, 'clocked')) / 1000);
    expect(pulled?.entries).toEqual([
      JSON.parse(JSON.stringify({ ...own, receivedAt, sentAt: behind })),
      JSON.parse(JSON.stringify({ ...imported, receivedAt })),
    ]);
    for (const raw of pulled?.entries ?? []) expect(checkEntry(raw).ok).toBe(true);
  });

  it('counts a batch of Cyrillic and emoji by its UTF-8 bytes, which the rules take (at least its characters)', async () => {
    const word = 'якорь-⚓-🛟';
    await remote.pushHistory(UID, [batchOf('wide', entry('u1', { vocabId: word }))]);
    const e = String((await restGet(`users/${UID}/history/wide`)).fields?.e?.stringValue);
    expect(e).toContain(word);
    const counter = await restGet(`users/${UID}/meta/history`);
    expect(counter.fields?.c).toEqual({ integerValue: String(Buffer.byteLength(e)) });
    expect(Buffer.byteLength(e)).toBeGreaterThan([...e].length);
  });

  it('never overwrites a batch: pushing an existing id again is refused and changes nothing', async () => {
    if (officialEmulator) return; // the test server's rules and failure injection
    await remote.pushHistory(UID, [batchOf('b1', entry('e1'))]);
    const stored = await restGet(`users/${UID}/history/b1`);

    await expect(
      remote.pushHistory(UID, [batchOf('b1', entry('e2', { correct: false, device: 'x' }))]),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    // The batches after a refused one are not sent.
    await expect(
      remote.pushHistory(UID, [batchOf('b1', entry('e4')), batchOf('b2', entry('e3'))]),
    ).rejects.toMatchObject({ code: 'permission-denied' });

    expect(await restGet(`users/${UID}/history/b1`)).toEqual(stored);
    expect(await remote.hasHistoryBatch(UID, 'b2')).toBe(false);
    const pulled = await remote.pullHistory(UID, 0);
    expect(
      pulled.batches.map((b) => [b.id, (b.entries as HistoryEntry[]).map((e) => e.id)]),
    ).toEqual([['b1', ['e1']]]);
  });

  it("cannot create a batch under another user's path", async () => {
    if (officialEmulator) return; // the test server's rules and failure injection
    await expect(remote.pushHistory(OTHER, [batchOf('b1', entry('e1'))])).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect((await restGet(`users/${OTHER}/history/b1`)).status).toBe(404);
    if (testApi) expect(await testApi.documents('users')).toEqual([]);
  });

  it('refuses a batch too long for one document before sending anything', async () => {
    // 500 entries carrying a later version's fields: over the characters of one document.
    const wide = Array.from({ length: 500 }, (_, i) =>
      entry(`w${i}`, { x: { note: 'n'.repeat(1_900) } }),
    );
    await expect(
      remote.pushHistory(UID, [batchOf('fine', entry('f1')), batchOf('wide', ...wide)]),
    ).rejects.toBeInstanceOf(RangeError);
    if (testApi) expect(await requestCount()).toBe(0);
    expect(await remote.hasHistoryBatch(UID, 'fine')).toBe(false);
  });

  it('sends nothing for an empty push', async () => {
    await remote.pushHistory(UID, []);
    if (testApi) expect(await requestCount()).toBe(0);
    expect((await remote.pullHistory(UID, 0)).batches).toEqual([]);
  });

  it('a failed push rejects and writes nothing; the next one goes through', async () => {
    const batch = batchOf('f1', entry('f1'));
    if (!testApi) {
      // No failure injection on the official emulator: the successful path only.
      await remote.pushHistory(UID, [batch]);
      expect((await remote.pullHistory(UID, 0)).batches).toHaveLength(1);
      return;
    }
    await testApi.failNext(1, 'error', 'commit');
    await expect(remote.pushHistory(UID, [batch])).rejects.toMatchObject({ code: 'unavailable' });
    expect(await testApi.documents(`users/${UID}`)).toEqual([]);
    expect((await testApi.stats()).writes).toBe(0);
    await remote.pushHistory(UID, [batch]);
    expect((await remote.pullHistory(UID, 0)).batches.map((b) => b.id)).toEqual(['f1']);
  });
});

describe('createFirestoreRemote: hasHistoryBatch', () => {
  it('tells whether a batch document exists', async () => {
    await remote.pushHistory(UID, [batchOf('there', entry('h1'))]);
    expect(await remote.hasHistoryBatch(UID, 'there')).toBe(true);
    expect(await remote.hasHistoryBatch(UID, 'missing')).toBe(false);
  });
});

describe('createFirestoreRemote: pullHistory', () => {
  it('from 0 returns every batch in server-time order, in domain fields with userId and receivedAt', async () => {
    // Three commits whose ids do not sort like their times.
    const sent: Record<string, HistoryEntry[]> = {
      c: [entry('c1'), entry('c2', { kind: 'learn', correct: undefined, mode: undefined })],
      a: [entry('a1', { correct: false, mode: undefined, vocabId: 'eng201' })],
      b: [
        entry('b1', {
          kind: 'baseline',
          correct: undefined,
          mode: undefined,
          device: 'tablet-7',
          snapshot: {
            status: 'learned',
            attempts: 9,
            correct: 8,
            streak: 5,
            strength: 1,
            updatedAt: T - 5000,
            lastSeenAt: T - 5000,
          },
        }),
      ],
    };
    for (const id of ['c', 'a', 'b'])
      await remote.pushHistory(UID, [batchOf(id, ...(sent[id] ?? []))]);
    const times = {
      c: await syncedAtOf(UID, 'c'),
      a: await syncedAtOf(UID, 'a'),
      b: await syncedAtOf(UID, 'b'),
    };
    expect(times.c).toBeLessThan(times.a);
    expect(times.a).toBeLessThan(times.b);

    const pulled = await remote.pullHistory(UID, 0);
    expect(pulled.batches.map((b) => b.id)).toEqual(['c', 'a', 'b']);
    expect(pulled.cursor).toBe(times.b);
    for (const batch of pulled.batches) {
      const id = batch.id as keyof typeof times;
      const receivedAt = Math.floor(times[id] / 1000);
      expect(batch.entries).toEqual(
        (sent[id] ?? []).map((e) => JSON.parse(JSON.stringify({ ...e, receivedAt }))),
      );
      for (const [index, raw] of batch.entries.entries()) {
        expect(checkEntry(raw)).toEqual({ ok: true, entry: { ...sent[id]?.[index], receivedAt } });
      }
    }

    // From the returned cursor: nothing (and, on the test server, for one billed read).
    const readsBefore = (await testApi?.stats())?.reads ?? 0;
    expect(await remote.pullHistory(UID, pulled.cursor)).toEqual({
      batches: [],
      cursor: pulled.cursor,
    });
    if (testApi) expect((await testApi.stats()).reads - readsBefore).toBe(1);
  });

  it('in pages: a page may end inside a commit and the next goes on after its last batch', async () => {
    // One commit of three batches, as versions before the account's counter wrote them: one
    // server time.
    await olderCommit(UID, [
      batchOf('p1', entry('p1e')),
      batchOf('p2', entry('p2e')),
      batchOf('p3', entry('p3e')),
    ]);
    const first = await remote.pullHistory(UID, 0, { limit: 2 });
    expect(first.batches.map((b) => b.id)).toEqual(['p1', 'p2']);
    expect(first).toMatchObject({ cursor: await syncedAtOf(UID, 'p1'), cursorId: 'p2' });
    const second = await remote.pullHistory(UID, first.cursor, {
      limit: 2,
      afterId: first.cursorId,
    });
    expect(second.batches.map((b) => b.id)).toEqual(['p3']);
    expect(second.cursorId).toBe('p3');
    expect(
      (await remote.pullHistory(UID, second.cursor, { limit: 2, afterId: 'p3' })).batches,
    ).toEqual([]);
  });

  it('from a cursor between two pushes returns only the later batch and moves the cursor to it', async () => {
    await remote.pushHistory(UID, [batchOf('early', entry('x1'))]);
    const first = await remote.pullHistory(UID, 0);
    expect(first.cursor).toBe(await syncedAtOf(UID, 'early'));
    await remote.pushHistory(UID, [batchOf('late', entry('x2'))]);
    const later = await remote.pullHistory(UID, first.cursor);
    expect(later.batches.map((b) => b.id)).toEqual(['late']);
    expect(later.cursor).toBe(await syncedAtOf(UID, 'late'));
  });

  it('keeps the cursor to the microsecond: a batch stored within a millisecond is not pulled again', async () => {
    // Commits that land in the same millisecond get sub-millisecond server times (the test
    // server adds a microsecond; Firestore's times have microseconds anyway). Push concurrently
    // until the newest batch has such a time.
    let cursor = 0;
    for (let round = 0; round < 50 && cursor % 1000 === 0; round++) {
      await Promise.all(
        [0, 1, 2, 3].map((i) =>
          remote.pushHistory(UID, [batchOf(`r${round}-${i}`, entry(`r${round}-${i}`))]),
        ),
      );
      cursor = (await remote.pullHistory(UID, 0)).cursor;
    }
    expect(cursor % 1000).not.toBe(0);
    expect(await remote.pullHistory(UID, cursor)).toEqual({ batches: [], cursor });
    // One microsecond earlier, the newest batch is there.
    const newest = await remote.pullHistory(UID, cursor - 1);
    expect(newest.batches).toHaveLength(1);
    expect(newest.cursor).toBe(cursor);
  });

  it("returns only the user's own batches", async () => {
    await remote.pushHistory(UID, [batchOf('mine', entry('m1'))]);
    const foreign = await restCommit([
      {
        update: {
          name: `${ROOT}/users/${OTHER}/history/theirs`,
          fields: {
            device: { stringValue: 'x' },
            count: { integerValue: '1' },
            e: { stringValue: '[{"i":"t1"}]' },
          },
        },
        updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
      },
    ]);
    expect(foreign.status).toBe(200);
    expect((await remote.pullHistory(UID, 0)).batches.map((b) => b.id)).toEqual(['mine']);
  });

  it('a batch document without entries yields no entries, and the cursor still moves past it', async () => {
    await remote.pushHistory(UID, [batchOf('good', entry('g1'))]);
    const response = await restCommit([
      {
        update: {
          name: `${ROOT}/users/${UID}/history/odd`,
          fields: { device: { stringValue: 'x' } },
        },
        updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
      },
    ]);
    expect(response.status).toBe(200);
    const pulled = await remote.pullHistory(UID, 0);
    expect(pulled.batches.map((b) => [b.id, b.entries.length])).toEqual([
      ['good', 1],
      ['odd', 0],
    ]);
    expect(pulled.cursor).toBe(await syncedAtOf(UID, 'odd'));
    expect((await remote.pullHistory(UID, pulled.cursor)).batches).toEqual([]);
  });
});

describe('createFirestoreRemote: both batch layouts', () => {
  /** A batch document as the emulator's admin writes it (any fields), with the server time. */
  const seed = (id: string, fields: Record<string, unknown>) =>
    restCommit([
      {
        update: {
          name: `${ROOT}/users/${UID}/history/${id}`,
          fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, restValue(v)])),
        },
        updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
      },
    ]);

  it('reads the list `entries` older versions wrote beside the string `e`; an unreadable batch yields nothing', async () => {
    const old = [entry('o1'), entry('o2', { correct: false, mode: 'spelling' })];
    const wire = old.map((e) => ({
      i: e.id,
      v: e.vocabId,
      k: e.kind,
      c: e.correct,
      m: e.mode,
      h: e.hlc,
      w: e.wall,
      d: e.device,
    }));
    expect((await seed('older', { device: 'phone-1', count: 2, entries: wire })).status).toBe(200);
    await remote.pushHistory(UID, [batchOf('newer', entry('n1'))]);
    expect((await seed('broken', { device: 'x', count: 1, e: '[{"i":' })).status).toBe(200);

    const pulled = await remote.pullHistory(UID, 0, { limit: 10 });
    expect(pulled.batches.map((b) => [b.id, b.entries.length])).toEqual([
      ['older', 2],
      ['newer', 1],
      ['broken', 0],
    ]);
    const receivedAt = Math.floor((await syncedAtOf(UID, 'older')) / 1000);
    expect(pulled.batches[0]?.entries.map((raw) => checkEntry(raw))).toEqual(
      old.map((e) => ({ ok: true, entry: { ...e, receivedAt } })),
    );
    expect(pulled.cursorId).toBe('broken');
  });

  it('a batch an earlier version wrote in parts in ONE commit is pulled whole', async () => {
    // More entries than one document may hold stand in for a batch that is too long.
    const many = Array.from({ length: 700 }, (_, i) => entry(`m${i}`));
    const parts = toBatchDocuments('big', many);
    expect(parts.map((part) => [part.id, part.data.count])).toEqual([
      ['big', 500],
      ['big-2', 200],
    ]);
    await olderCommit(
      UID,
      parts.map((part) =>
        batchOf(part.id, ...(part.id === 'big' ? many.slice(0, 500) : many.slice(500))),
      ),
    );
    // The engine's check after a lost answer looks for the batch's own id: the first part.
    expect(await remote.hasHistoryBatch(UID, 'big')).toBe(true);
    const pulled = await remote.pullHistory(UID, 0);
    expect(pulled.batches.flatMap((b) => b.entries.map((e) => (e as HistoryEntry).id))).toEqual(
      many.map((e) => e.id),
    );
  });
});

describe('createFirestoreRemote: readLegacyWords', () => {
  it('reads every old per-word document, with or without syncedAt, leaving out malformed ones', async () => {
    const fields = (vocabId: string | null, extra: Record<string, unknown> = {}) => ({
      ...(vocabId === null ? {} : { vocabId: { stringValue: vocabId } }),
      status: { stringValue: 'learned' },
      attempts: { integerValue: '4' },
      correct: { integerValue: '3' },
      streak: { integerValue: '2' },
      strength: { doubleValue: 0.6 },
      updatedAt: { integerValue: String(T) },
      ...extra,
    });
    const write = (
      userId: string,
      id: string,
      data: Record<string, unknown>,
      stamped: boolean,
    ) => ({
      update: { name: `${ROOT}/users/${userId}/userWords/${id}`, fields: data },
      ...(stamped
        ? { updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }] }
        : {}),
    });
    const response = await restCommit([
      write(UID, 'w1', fields('w1'), true),
      write(
        UID,
        'w2',
        fields('w2', {
          lastSeenAt: { integerValue: String(T - 1000) },
          nextReviewAt: { integerValue: String(T + 1000) },
          hidden: { booleanValue: true },
          deleted: { booleanValue: false },
        }),
        false,
      ),
      // Older versions left out vocabId: the document id is the word.
      write(UID, 'w3', fields(null, { lastSeenAt: { nullValue: null } }), false),
      write(UID, 'bad-status', fields('bad-status', { status: { stringValue: 'weird' } }), true),
      write(UID, 'bad-strength', fields('bad-strength', { strength: { doubleValue: 1.5 } }), false),
      write(UID, 'bad-count', fields('bad-count', { attempts: { stringValue: '4' } }), false),
      write(UID, 'bad-time', fields('bad-time', { nextReviewAt: { stringValue: 'soon' } }), false),
      write(UID, 'bad-flag', fields('bad-flag', { hidden: { stringValue: 'yes' } }), true),
      write(UID, 'bad-id', fields('', {}), false),
      write(OTHER, 'theirs', fields('theirs'), true),
    ]);
    expect(response.status).toBe(200);

    const words = await remote.readLegacyWords(UID);
    const base = {
      userId: UID,
      status: 'learned',
      attempts: 4,
      correct: 3,
      streak: 2,
      strength: 0.6,
      updatedAt: T,
    };
    expect([...words].sort((a, b) => a.vocabId.localeCompare(b.vocabId))).toEqual([
      { ...base, vocabId: 'w1', remoteId: 'w1' },
      {
        ...base,
        vocabId: 'w2',
        remoteId: 'w2',
        lastSeenAt: T - 1000,
        nextReviewAt: T + 1000,
        hidden: true,
        deleted: false,
      },
      { ...base, vocabId: 'w3', remoteId: 'w3' },
    ]);
  });
});

describe('createFirestoreRemote: the profile', () => {
  it('reads and merge-writes the profile and never writes isAdmin', async () => {
    expect(await remote.readProfile(UID)).toBeNull();

    await remote.writeProfile(UID, {
      email: 'bosun@ship.test',
      fullName: 'Иван Петров',
      createdAt: 1_700_000_000_000,
      division: 'deck',
      role: 'bosun',
      dailyGoal: 10,
      isAdmin: true,
    });
    let stored = await restGet(`users/${UID}`);
    expect(stored.fields).not.toHaveProperty('isAdmin');

    await remote.writeProfile(UID, { dailyGoal: 20, theme: 'dark', uiLang: 'en', isAdmin: true });
    expect(await remote.readProfile(UID)).toEqual({
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
        update: { name: `${ROOT}/users/${UID}`, fields: { isAdmin: { booleanValue: true } } },
        updateMask: { fieldPaths: ['isAdmin'] },
      },
    ]);
    expect(flagged.status).toBe(200);
    await remote.writeProfile(UID, { fullName: 'Пётр', isAdmin: false });
    const profile = await remote.readProfile(UID);
    expect(profile).toMatchObject({ fullName: 'Пётр', isAdmin: true, dailyGoal: 20 });
    stored = await restGet(`users/${UID}`);
    expect(stored.fields?.isAdmin).toEqual({ booleanValue: true });
  });

  it('carries the schedule settings; an older version’s merge-write keeps them', async () => {
    await remote.writeProfile(UID, {
      dailyGoal: 10,
      homeZone: 'America/Port-au-Prince',
      schedule: 'fsrs',
      retention: 0.85,
    });
    // An older version knows none of the three and merge-writes only its own fields.
    await remote.writeProfile(UID, { dailyGoal: 15, theme: 'dark' });
    expect(await remote.readProfile(UID)).toEqual({
      dailyGoal: 15,
      theme: 'dark',
      homeZone: 'America/Port-au-Prince',
      schedule: 'fsrs',
      retention: 0.85,
    });
  });

  it('refuses schedule settings the rules do not allow', async () => {
    if (officialEmulator) return; // the emulator runs as 'owner' here, past the rules
    for (const bad of [
      { schedule: 'sm2' },
      { retention: 0.99 },
      { retention: 0.5 },
      { homeZone: 'Europe/Riga; drop' },
      { homeZone: `Europe/${'x'.repeat(60)}` },
    ]) {
      await expect(remote.writeProfile(UID, bad), JSON.stringify(bad)).rejects.toThrow();
    }
    expect((await restGet(`users/${UID}`)).status).toBe(404);
  });

  it('sends nothing for a patch without profile fields', async () => {
    await remote.writeProfile(UID, { isAdmin: true });
    if (testApi) expect(await requestCount()).toBe(0);
    expect((await restGet(`users/${UID}`)).status).toBe(404);
  });
});

describe('syncOnce through the adapter', () => {
  it('two devices answer the same word, sync A, B, A: both end with every answer', async () => {
    const phone = await openDeviceOf(UID);
    const tablet = await openDeviceOf(UID);
    try {
      for (let i = 0; i < 3; i++) {
        await recordChange(phone, UID, 'dk002', { kind: 'answer', correct: true }, T + i * 1000);
      }
      await recordChange(tablet, UID, 'dk002', { kind: 'answer', correct: false }, T + 500);
      for (const db of [phone, tablet, phone]) {
        await syncOnce({ db, remote, userId: UID, now: T });
      }
      const onPhone = await getUserWord(phone, UID, 'dk002');
      expect(onPhone).toMatchObject({ attempts: 4, correct: 3 });
      expect(await getUserWord(tablet, UID, 'dk002')).toEqual(onPhone);
      expect(await countUnsent(phone, UID)).toBe(0);
      expect(await countUnsent(tablet, UID)).toBe(0);
      // One batch per device in the cloud, and the phone, which pulled both, knows when the cloud
      // received every entry.
      expect((await remote.pullHistory(UID, 0)).batches).toHaveLength(2);
      const history = await listHistory(phone, UID);
      expect(history).toHaveLength(4);
      for (const e of history) expect(e.receivedAt).toEqual(expect.any(Number));
    } finally {
      phone.close();
      tablet.close();
    }
  });

  it('the history segments: one device writes them through the rules, a new one restores from them and pulls only the batches after them', async () => {
    const phone = await openDeviceOf(UID);
    const tablet = await openDeviceOf(UID);
    try {
      for (let i = 0; i < SEGMENT_TAIL_BATCHES; i++) {
        await recordChange(phone, UID, `w${i}`, { kind: 'answer', correct: true }, T + i * 1000);
      }
      // A batch an answer, then the sync that pulls them back writes the segments.
      await syncOnce({ db: phone, remote, userId: UID, now: T + 60_000, entriesPerBatch: 1 });
      await syncOnce({ db: phone, remote, userId: UID, now: T + 120_000 });
      const state = await remote.readSegmentState?.(UID);
      expect(state).toMatchObject({ index: 0, from: 0 });
      const segments = (await remote.readSegments?.(UID, 0, 10)) ?? [];
      expect(segments).toHaveLength(1);
      const covered = segments[0]?.entries.length ?? 0;
      expect(covered).toBeGreaterThan(SEGMENT_TAIL_BATCHES / 2);

      const before = (await testApi?.stats())?.reads ?? 0;
      await syncOnce({ db: tablet, remote, userId: UID, now: T + 180_000 });
      const reads = ((await testApi?.stats())?.reads ?? 0) - before;
      const facts = (entries: HistoryEntry[]) =>
        entries
          .map(({ id, receivedAt, sentAt }) => ({ id, receivedAt, sentAt }))
          .sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(facts(await listHistory(tablet, UID))).toEqual(facts(await listHistory(phone, UID)));
      if (testApi) {
        // The segment, the batches after it, and the sync's other reads (profile, curriculum,
        // old documents): far fewer than a read a batch.
        expect(reads).toBeLessThanOrEqual(1 + (SEGMENT_TAIL_BATCHES - covered) + 4);
      }
    } finally {
      phone.close();
      tablet.close();
    }
  });

  it('the history segments: a segment that does not go on from the counter is refused', async () => {
    const texts = [JSON.stringify({ i: 'e1', r: T })];
    const write = (index: number, from: number, to: number, before: SegmentState | null) =>
      remote.writeSegment?.(UID, index, toSegmentWire(from, to, texts), before);
    await write(0, 0, T, null);
    const state = await remote.readSegmentState?.(UID);
    expect(state).toEqual({ index: 0, from: 0, to: T, chars: texts[0]!.length + 2 });
    // The next one must start where the open one ends, and the open one may not shrink.
    await expect(write(1, T + 1, T + 5, state ?? null)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(write(0, 0, T - 1, state ?? null)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(write(2, T, T + 5, state ?? null)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await write(1, T, T + 5, state ?? null);
    expect(await remote.readSegmentState?.(UID)).toMatchObject({ index: 1, from: T, to: T + 5 });
    expect((await remote.readSegments?.(UID, 0, 10))?.map((s) => [s.id, s.from, s.to])).toEqual([
      ['s0', 0, T],
      ['s1', T, T + 5],
    ]);
  });

  it('a backlog larger than 10 MiB syncs in several commits, each far under the request limit', async () => {
    const db = await openDeviceOf(UID);
    try {
      // 6,000 unsent entries carrying a later version's fields (an import, a long time offline):
      // ≈ 12 MB of batch text, which once went in one commit the cloud refuses.
      const backlog = Array.from({ length: 6_000 }, (_, i) =>
        entry(`bk${i}`, { vocabId: `w${i % 300}`, x: { note: 'n'.repeat(1_900) } }),
      );
      const merged = await mergeEntries(db, UID, backlog, {
        sent: false,
        source: 'import',
        now: T,
      });
      expect(merged.added).toBe(6_000);
      const report = await syncOnce({ db, remote, userId: UID, now: T });
      expect(report.pushed).toBe(6_000);
      // Each commit holds one batch of at most HISTORY_BATCH_MAX_CHARS characters (≤ 2.4 MB on
      // the wire even if every character were escaped).
      expect(report.commits).toBeGreaterThanOrEqual(30);
      expect(await countUnsent(db, UID)).toBe(0);
      const pulled = await remote.pullHistory(UID, 0);
      expect(
        new Set(pulled.batches.flatMap((b) => b.entries.map((e) => (e as HistoryEntry).id))).size,
      ).toBe(6_000);
    } finally {
      db.close();
    }
  });

  it('the previous version, pushing batches without the counter, is refused, keeps its answers unsent, and sends them once updated', async () => {
    if (officialEmulator) return; // the test server's rules
    // The previous version's adapter: every batch in one commit, no counter.
    const previous: RemoteStore = {
      ...remote,
      async pushHistory(userId, batches) {
        const { db: fs } = await openFirestore(settings);
        const commit = writeBatch(fs);
        for (const { id, entries } of batches) {
          commit.set(doc(fs, 'users', userId, 'history', id), {
            ...toBatchWire(entries),
            syncedAt: serverTimestamp(),
          });
        }
        await commit.commit();
      },
    };
    const db = await openDeviceOf(UID);
    try {
      await recordChange(db, UID, 'dk002', { kind: 'answer', correct: true }, T);
      await recordChange(db, UID, 'dk003', { kind: 'answer', correct: false }, T + 1);
      // What it shows: a refusal (settings: «Облако отказало…»); nothing is lost.
      await expect(syncOnce({ db, remote: previous, userId: UID, now: T })).rejects.toMatchObject({
        code: 'permission-denied',
      });
      expect(await countUnsent(db, UID)).toBe(2);
      expect(await testApi?.documents(`users/${UID}/history`)).toEqual([]);
      // Updated, the same device sends the same batch, counted.
      const report = await syncOnce({ db, remote, userId: UID, now: T });
      expect(report.pushed).toBe(2);
      expect(await countUnsent(db, UID)).toBe(0);
      expect((await restGet(`users/${UID}/meta/history`)).fields?.n).toEqual({ integerValue: '1' });
    } finally {
      db.close();
    }
  });

  it('a push whose response is lost is not written twice: the next sync finds the batch', async () => {
    if (officialEmulator) return; // the test server's rules and failure injection
    if (!testApi) return;
    const db = await openDeviceOf(UID);
    try {
      await recordChange(db, UID, 'dk002', { kind: 'answer', correct: true }, T);
      await testApi.failNext(1, 'drop-response', 'commit');
      await expect(syncOnce({ db, remote, userId: UID, now: T })).rejects.toThrow();
      expect(await testApi.documents(`users/${UID}/history`)).toHaveLength(1);
      const writesBefore = (await testApi.stats()).writes;
      await syncOnce({ db, remote, userId: UID, now: T });
      expect((await testApi.stats()).writes).toBe(writesBefore);
      expect(await testApi.documents(`users/${UID}/history`)).toHaveLength(1);
      expect(await countUnsent(db, UID)).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('the Firestore REST test server, through the Lite SDK', () => {
  // Documents of no rule's path (notes, items, counters): as the Admin SDK writes them, with the
  // emulator's owner token, past the rules.
  let ownerDb: Firestore | undefined;
  const open = async () => {
    if (!ownerDb) {
      ownerDb = getFirestore(initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, 'owner'));
      const { host, port } = parseEmulatorHost(settings.firestoreEmulator as string);
      connectFirestoreEmulator(ownerDb, host, port, { mockUserToken: 'owner' });
    }
    return { db: ownerDb };
  };

  it('sets, merges, updates, reads and deletes documents', async () => {
    const { db } = await open();
    const ref = doc(db, 'users', UID, 'notes', 'n1');
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
      updateDoc(doc(db, 'users', UID, 'notes', 'missing'), { a: 1 }),
    ).rejects.toMatchObject({ code: 'not-found' });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('filters, orders, limits and pages queries like Firestore', async () => {
    const { db } = await open();
    const items = collection(db, 'users', UID, 'items');
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
    const ref = doc(db, 'users', UID, 'counters', 'c');
    await setDoc(ref, { value: 1 });
    await runTransaction(db, async (transaction) => {
      const current = (await transaction.get(ref)).data()?.value as number;
      transaction.update(ref, { value: current + 1 });
    });
    expect((await getDoc(ref)).data()).toEqual({ value: 2 });
  });

  it('gives every commit its own, strictly increasing server time', async () => {
    const cursors: number[] = [];
    for (let i = 0; i < 5; i++) {
      await remote.pushHistory(UID, [batchOf(`t${i}`, entry(`t${i}`))]);
      cursors.push((await remote.pullHistory(UID, cursors.at(-1) ?? 0)).cursor);
    }
    for (let i = 1; i < cursors.length; i++) {
      expect(cursors[i]).toBeGreaterThan(cursors[i - 1] as number);
    }

    if (!testApi) return; // distinct times for concurrent commits is the test server's promise
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        remote.pushHistory(UID, [batchOf(`c${i}`, entry(`c${i}`))]),
      ),
    );
    const times = (await testApi.documents(`users/${UID}/history`))
      .filter((d) => d.id.startsWith('c'))
      .map((d) => d.data.syncedAt);
    expect(times).toHaveLength(20);
    expect(new Set(times).size).toBe(20);
  });

  it('keeps signed-in callers to their own documents (the own-documents rule)', async () => {
    if (officialEmulator) return; // the test server's rules and failure injection
    const token = emulatorToken('alice');
    const write = (owner: string) => ({
      update: {
        name: `${ROOT}/users/${owner}/userWords/w1`,
        fields: {
          vocabId: { stringValue: 'w1' },
          status: { stringValue: 'learning' },
          attempts: { integerValue: '2' },
          correct: { integerValue: '1' },
          streak: { integerValue: '1' },
          strength: { doubleValue: 0.5 },
          updatedAt: { integerValue: String(Date.now()) },
        },
      },
      updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
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
    if (officialEmulator) return; // the test server's rules and failure injection
    const token = emulatorToken('carol');
    const batch = (id: string, fields: Record<string, unknown>) =>
      countedBatch('carol', id, fields);
    const good = {
      device: { stringValue: 'phone' },
      count: { integerValue: '2' },
      e: { stringValue: '[{"i":"e0"},{"i":"e1"}]' },
    };
    // The older layout, a list of entries, is no longer writable.
    const list = {
      arrayValue: {
        values: [0, 1].map((i) => ({ mapValue: { fields: { i: { stringValue: `e${i}` } } } })),
      },
    };
    expect((await restCommit(batch('b1', good), token)).status).toBe(200);
    // An existing batch is never updated (a retry that lands twice), nor deleted.
    const again = await restCommit(
      batch('b1', { ...good, device: { stringValue: 'other' } }),
      token,
    );
    expect(again.status).toBe(403);
    const removal = await restCommit([{ delete: `${ROOT}/users/carol/history/b1` }], token);
    expect(removal.status).toBe(403);
    expect((await restGet('users/carol/history/b1')).fields?.device).toEqual({
      stringValue: 'phone',
    });
    // The shape: a count out of 1..500 or not an integer, entries that are not one bounded
    // string (too long, a list, missing, beside a list), an unknown field, an empty device.
    const { e: _e, ...withoutE } = good;
    for (const bad of [
      { ...good, count: { integerValue: '0' } },
      { ...good, count: { integerValue: '501' } },
      { ...good, count: { doubleValue: 2 } },
      { ...good, e: { stringValue: 'x'.repeat(HISTORY_BATCH_MAX_CHARS + 1) } },
      { ...good, e: list },
      { ...withoutE, entries: list },
      withoutE,
      { ...good, entries: list },
      { ...good, extra: { stringValue: 'x' } },
      { ...good, device: { stringValue: '' } },
    ]) {
      expect((await restCommit(batch(`bad-${seq++}`, bad), token)).status).toBe(403);
    }
    // The longest string the rules take (counted in characters, not bytes) goes.
    const longest = { ...good, e: { stringValue: `[${'я'.repeat(HISTORY_BATCH_MAX_CHARS - 2)}]` } };
    expect((await restCommit(batch('longest', longest), token)).status).toBe(200);
    // Another user's history is out of reach.
    const foreign = await restCommit(
      [{ update: { name: `${ROOT}/users/dave/history/b1`, fields: good } }],
      token,
    );
    expect(foreign.status).toBe(403);
  });

  it('answers CORS preflights permissively', async () => {
    if (officialEmulator) return; // the test server's rules and failure injection
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

describe('the Firestore REST test server: bounded values', () => {
  const profileWrite = (uid: string, fields: Record<string, unknown>) => ({
    update: {
      name: `${ROOT}/users/${uid}`,
      fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, restValue(v)])),
    },
  });

  it('refuses profile values out of bounds, times ahead of the server, unknown fields and odd ids', async () => {
    if (officialEmulator) return; // the test server's rules
    const token = emulatorToken('dora', { email: 'dora@ship.test' });
    const now = Date.now();
    const good = { email: 'dora@ship.test', fullName: 'Дора', createdAt: now, dailyGoal: 10 };
    for (const bad of [
      { ...good, fullName: 'x'.repeat(201) },
      { ...good, email: `${'x'.repeat(250)}@s.io` },
      { ...good, createdAt: now + 60 * 60_000 },
      { ...good, dailyGoal: 500 },
      { ...good, theme: 'pink' },
      { ...good, isAdmin: true },
    ]) {
      expect((await restCommit([profileWrite('dora', bad)], token)).status).toBe(403);
    }
    expect((await restCommit([profileWrite('dora', good)], token)).status).toBe(200);
    const odd = emulatorToken('a/b');
    expect((await restCommit([profileWrite('a%2Fb', good)], odd)).status).toBeGreaterThanOrEqual(
      400,
    );
  });

  it('refuses a history batch whose id is not of the app’s form', async () => {
    if (officialEmulator) return; // the test server's rules
    const token = emulatorToken('erin');
    const fields = {
      device: { stringValue: 'phone' },
      count: { integerValue: '1' },
      e: { stringValue: '[{}]' },
    };
    expect((await restCommit(countedBatch('erin', 'bad.id', fields), token)).status).toBe(403);
    expect((await restCommit(countedBatch('erin', 'good-id', fields), token)).status).toBe(200);
  });

  it("holds every history batch to the account's counter, one batch a commit, within the bounds", async () => {
    if (officialEmulator) return; // the test server's rules
    const token = emulatorToken('fay');
    const junk = {
      device: { stringValue: 'junk' },
      count: { integerValue: '500' },
      e: { stringValue: `[${'x'.repeat(HISTORY_BATCH_MAX_CHARS - 2)}]` },
    };
    const create = (id: string) => countedBatch('fay', id, junk)[0];
    // A batch without the counter (as versions before it push) is refused.
    expect((await restCommit([create('alone')], token)).status).toBe(403);
    // 25 junk batches of 400,000 characters in one commit with one step of the counter: refused
    // (the counter names one batch), and so is the same with a step of 25 batches.
    const many = Array.from({ length: 25 }, (_, i) => create(`junk-${i}`));
    const chars = 25 * HISTORY_BATCH_MAX_CHARS;
    for (const step of [
      counterStep('fay', 'junk-0', 1, HISTORY_BATCH_MAX_CHARS),
      counterStep('fay', 'junk-0', 25, chars),
    ]) {
      expect((await restCommit([...many, step], token)).status).toBe(403);
    }
    // A step that counts fewer characters than the batch has, or names another batch: refused.
    expect(
      (await restCommit([create('short'), counterStep('fay', 'short', 1, 10)], token)).status,
    ).toBe(403);
    expect(
      (
        await restCommit(
          [create('named'), counterStep('fay', 'other', 1, HISTORY_BATCH_MAX_CHARS)],
          token,
        )
      ).status,
    ).toBe(403);
    // The counter never moves alone (it cannot be wound back), and is never deleted.
    expect((await restCommit(countedBatch('fay', 'ok-1', junk), token)).status).toBe(200);
    expect(
      (await restCommit([counterStep('fay', 'ok-1', -1, -HISTORY_BATCH_MAX_CHARS)], token)).status,
    ).toBe(403);
    const reset = {
      update: {
        name: `${ROOT}/users/fay/meta/history`,
        fields: {
          n: { integerValue: '0' },
          c: { integerValue: '0' },
          last: { stringValue: 'ok-2' },
        },
      },
    };
    expect((await restCommit([create('ok-2'), reset], token)).status).toBe(403);
    expect((await restCommit([{ delete: `${ROOT}/users/fay/meta/history` }], token)).status).toBe(
      403,
    );
    expect((await restGet('users/fay/meta/history')).fields).toEqual({
      n: { integerValue: '1' },
      c: { integerValue: String(HISTORY_BATCH_MAX_CHARS) },
      last: { stringValue: 'ok-1' },
    });
    // At the account's bounds the next batch is refused: characters, then batches.
    const seed = (n: number, c: number) =>
      restCommit([
        {
          update: {
            name: `${ROOT}/users/fay/meta/history`,
            fields: {
              n: { integerValue: String(n) },
              c: { integerValue: String(c) },
              last: { stringValue: 'ok-1' },
            },
          },
        },
      ]);
    expect((await seed(10, HISTORY_ACCOUNT_MAX_BYTES - HISTORY_BATCH_MAX_CHARS)).status).toBe(200);
    expect((await restCommit(countedBatch('fay', 'fits', junk), token)).status).toBe(200);
    expect((await restCommit(countedBatch('fay', 'over-c', junk), token)).status).toBe(403);
    expect((await seed(HISTORY_ACCOUNT_MAX_BATCHES - 1, 0)).status).toBe(200);
    expect((await restCommit(countedBatch('fay', 'last', junk), token)).status).toBe(200);
    expect((await restCommit(countedBatch('fay', 'over-n', junk), token)).status).toBe(403);
    const stored = (await testApi?.documents('users/fay/history/'))?.map((d) => d.id).sort();
    expect(stored).toEqual(['fits', 'last', 'ok-1']);
  });

  it('refuses a request over 10 MiB, as Firestore does', async () => {
    if (officialEmulator) return; // the test server's limit
    const token = emulatorToken('gus');
    // 27 batch documents of 400,000 characters in one commit: ≈ 10.8 MB.
    const writes = Array.from({ length: 27 }, (_, i) => ({
      update: {
        name: `${ROOT}/users/gus/history/big-${i}`,
        fields: {
          device: { stringValue: 'phone' },
          count: { integerValue: '1' },
          e: { stringValue: `[${'x'.repeat(HISTORY_BATCH_MAX_CHARS - 2)}]` },
        },
      },
      updateTransforms: [{ fieldPath: 'syncedAt', setToServerValue: 'REQUEST_TIME' }],
    }));
    const response = await restCommit(writes, token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });
});

describe('the Firestore REST test server: the curriculum rules', () => {
  const word: VocabItem = {
    id: 'custom-1',
    langA: 'Отдать якорь!',
    langB: 'Let go the anchor!',
    topic: 'Anchoring',
    division: 'deck',
    source: 'user',
    ref: 'IMO SMCP B3/1.2',
  };
  /** A commit of one curriculum document as Lite writes it (the server time as a transform). */
  const curriculumWrite = (doc: object, docId = curriculumDocId('word', 'custom-1')) => ({
    update: {
      name: `${ROOT}/curriculum/${docId}`,
      fields: Object.fromEntries(
        Object.entries(doc).map(([key, value]) => [key, restValue(value)]),
      ),
    },
    updateTransforms: [{ fieldPath: 'updatedAt', setToServerValue: 'REQUEST_TIME' }],
  });

  it('refuses a crew member’s write, takes an admin’s, and lets every signed-in user read', async () => {
    if (officialEmulator) return; // the test server's rules
    const doc = toCurriculumDoc({ kind: 'word', value: word, deleted: false }, 'officer');
    const crew = await restCommit(
      [curriculumWrite({ ...doc, by: 'deckhand' })],
      emulatorToken('deckhand'),
    );
    expect(crew.status).toBe(403);
    expect(await crew.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });

    const admin = emulatorToken('officer', { admin: true });
    expect((await restCommit([curriculumWrite(doc)], admin)).status).toBe(200);

    const read = await fetch(`${baseUrl}/v1/${ROOT}:runQuery`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        Authorization: `Bearer ${emulatorToken('deckhand')}`,
      },
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'curriculum' }] } }),
    });
    expect(read.status).toBe(200);
    expect(((await read.json()) as unknown[]).length).toBe(1);
  });

  it('the adapter: a crew member’s push is refused, an admin’s documents are pulled incrementally', async () => {
    if (officialEmulator) return; // the test server's rules
    // The adapter is signed in as a crew member (no admin claim), as the app on a crew phone.
    const doc = toCurriculumDoc({ kind: 'word', value: word, deleted: false }, UID);
    await expect(
      remote.pushCurriculum([{ docId: curriculumDocId('word', word.id), doc }]),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    const start = { at: 0, id: '' };
    expect((await remote.pullCurriculum(start, 500)).docs).toEqual([]);

    const admin = emulatorToken('officer', { admin: true });
    const written = toCurriculumDoc({ kind: 'word', value: word, deleted: false }, 'officer');
    expect((await restCommit([curriculumWrite(written)], admin)).status).toBe(200);
    const first = await remote.pullCurriculum(start, 500);
    expect(first.docs.map(({ docId, data }) => [docId, data])).toEqual([
      [curriculumDocId('word', word.id), written],
    ]);
    expect(first.cursor).toEqual({
      at: first.docs[0]?.updatedAt,
      id: curriculumDocId('word', word.id),
    });
    expect(first.cursor.at).toBeGreaterThan(0);
    // Nothing new: an empty page, the same cursor, one request.
    const before = await requestCount();
    expect(await remote.pullCurriculum(first.cursor, 500)).toEqual({
      docs: [],
      cursor: first.cursor,
    });
    expect((await requestCount()) - before).toBe(1);

    // One commit of three documents (one server time) read in pages of two: the second page
    // starts inside the commit, after the first page's last document, and nothing is skipped.
    const ids = ['custom-2', 'custom-3', 'custom-4'];
    const commit = ids.map((id) =>
      curriculumWrite(
        toCurriculumDoc({ kind: 'word', value: { ...word, id }, deleted: false }, 'officer'),
        curriculumDocId('word', id),
      ),
    );
    expect((await restCommit(commit, admin)).status).toBe(200);
    const page1 = await remote.pullCurriculum(first.cursor, 2);
    const page2 = await remote.pullCurriculum(page1.cursor, 2);
    expect(page1.docs).toHaveLength(2);
    expect(page1.docs[0]?.updatedAt).toBe(page1.docs[1]?.updatedAt);
    expect([...page1.docs, ...page2.docs].map((d) => d.docId).sort()).toEqual(
      ids.map((id) => curriculumDocId('word', id)).sort(),
    );
    expect((await remote.pullCurriculum(page2.cursor, 2)).docs).toEqual([]);
    // A device whose cursor holds a time alone reads that time's documents again.
    expect((await remote.pullCurriculum({ at: page1.cursor.at, id: '' }, 10)).docs).toHaveLength(3);
  });

  it('holds an admin to the tables: known fields, bounds, their own uid, a valid id, no deletes', async () => {
    if (officialEmulator) return; // the test server's rules
    const admin = emulatorToken('officer', { admin: true });
    const doc = toCurriculumDoc({ kind: 'word', value: word, deleted: false }, 'officer');
    const refused = [
      curriculumWrite({ ...doc, record: { ...doc.record, isAdmin: true } }),
      curriculumWrite({ ...doc, record: { ...doc.record, langB: 'x'.repeat(501) } }),
      curriculumWrite({ ...doc, by: 'someone-else' }),
      curriculumWrite(doc, 'deck::Anchoring'),
      curriculumWrite({ ...doc, kind: 'ship' }),
    ];
    for (const write of refused) expect((await restCommit([write], admin)).status).toBe(403);
    expect((await restCommit([curriculumWrite(doc)], admin)).status).toBe(200);
    const removal = await restCommit(
      [{ delete: `${ROOT}/curriculum/${curriculumDocId('word', 'custom-1')}` }],
      admin,
    );
    expect(removal.status).toBe(403);
    // A deletion is a tombstone.
    const tombstone = toCurriculumDoc({ kind: 'word', id: 'custom-1', deleted: true }, 'officer');
    expect((await restCommit([curriculumWrite(tombstone)], admin)).status).toBe(200);
  });
});

/** A JSON value as a Firestore REST value (strings, booleans, whole numbers, lists, maps). */
function restValue(value: unknown): unknown {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') return { integerValue: String(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
  if (typeof value === 'object' && value !== null) {
    return {
      mapValue: {
        fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restValue(v)])),
      },
    };
  }
  return { nullValue: null };
}
