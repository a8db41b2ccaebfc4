/**
 * Every path and operation of firestore.rules, walked against the Firestore REST test server: the
 * rules are parsed for their `match` paths and `allow` operations, and each one must have a case
 * below (who asks, what, the outcome the rules give), run through the real Firestore Lite SDK
 * against the server in process. A rule added to one side alone fails here: a rules path without
 * a case, a path the server knows (RULE_PATHS) that the rules do not, or the other way round.
 */
import { initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  RULE_PATHS,
  rulePathOf,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';
import { functionBody, type Op, parseRules, RULES } from './rules-text';

// ---- the people ----------------------------------------------------------------------------------

/** Who asks: no token; the learner whose documents these are; another learner; the admin claim;
 * an officer of `alpha` (granted to their verified e-mail); a fleet officer (granted by uid); and
 * an impostor holding a grant made out to the officer's e-mail (their profile claimed it); the
 * owner of a profile an older rule let through. */
type Caller = 'none' | 'learner' | 'other' | 'admin' | 'officer' | 'chief' | 'impostor' | 'stale';

const TOKENS: Record<Exclude<Caller, 'none'>, Record<string, unknown>> = {
  learner: { user_id: 'sailor', email: 'sailor@ship.test', email_verified: true },
  other: { user_id: 'newbie', email: 'newbie@ship.test', email_verified: false },
  admin: { user_id: 'admin', email: 'admin@ship.test', admin: true },
  officer: { user_id: 'officer', email: 'officer@ship.test', email_verified: true },
  chief: { user_id: 'chief', email: 'chief@ship.test' },
  impostor: { user_id: 'impostor', email: 'impostor@ship.test', email_verified: true },
  stale: { user_id: 'stale', email: 'stale@ship.test' },
};

// ---- the world every case starts from -------------------------------------------------------------

/** Written before each case with the emulator's owner token (past the rules). */
const T = '__server_time__';
const NOW = Date.now();
const summary = (extra: Record<string, unknown> = {}) => ({
  name: 'Ivan Petrov',
  rank: 'L1',
  mast: 3,
  due: 1,
  overdue: 0,
  lastActive: NOW - 60_000,
  version: '0.3.0',
  s: '{}',
  syncedAt: T,
  ...extra,
});
const batch = { device: 'phone', count: 1, e: '[{"i":"e1"}]', syncedAt: T };
/** Where the sailor's open segment ends (epoch ms, a moment ago). */
const SEGMENT_TO = NOW - 120_000;
const segment = (from: number, to: number, e = '[{"i":"e1"}]', count = 1) => ({
  from,
  to,
  count,
  e,
  syncedAt: T,
});
/** The sailor's open segment: two entries, 23 characters. */
const OPEN = '[{"i":"e1"},{"i":"e2"}]';
/** The segments' counter after a write of `data` as segment `last` (n: 2, c stepped by `c`). */
const segmentsAfter = (last: number, data: { from: number; to: number; e: string }, c = 35) => ({
  n: 2,
  c,
  last,
  from: data.from,
  to: data.to,
  size: data.e.length,
});
const LONGER = '[{"i":"e1"},{"i":"e2"},{"i":"e3"}]';
/** One entry in more characters than the open segment's two. */
const ONE_LONG = '[{"i":"e1","a":"a longer answer"}]';
/** Two entries in fewer characters than the open segment's. */
const TWO_SHORT = '[{"i":"e1"},{"i":"e"}]';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const word = (extra: Record<string, unknown> = {}) => ({
  vocabId: 'w1',
  status: 'learning',
  attempts: 2,
  correct: 1,
  streak: 1,
  strength: 0.5,
  updatedAt: NOW - 60_000,
  syncedAt: T,
  ...extra,
});
const curriculumDoc = (extra: Record<string, unknown> = {}) => ({
  kind: 'topic',
  id: 'deck::Mooring',
  deleted: false,
  record: { name: 'Mooring', division: 'deck', roles: ['ab'] },
  by: 'admin',
  updatedAt: T,
  ...extra,
});
const vessel = (name: string, imo: string, code: string) => ({
  name,
  imo,
  code,
  by: 'admin',
  updatedAt: T,
});
const joinCode = (vesselId: string, vesselName: string) => ({
  vessel: vesselId,
  vesselName,
  revoked: false,
  by: 'admin',
  updatedAt: T,
});
const membership = (vesselId: string, vesselName: string, code: string) => ({
  vessel: vesselId,
  vesselName,
  code,
  joinedAt: T,
});
const officer = (extra: Record<string, unknown>) => ({
  vessels: ['alpha'],
  fleet: false,
  by: 'admin',
  updatedAt: T,
  ...extra,
});

const WORLD: Record<string, Record<string, unknown>> = {
  'vessels/alpha': vessel('Alpha', '9074729', 'ABCDEFGH'),
  'vessels/bravo': vessel('Bravo', '9176187', 'BCDEFGHJ'),
  'joinCodes/ABCDEFGH': joinCode('alpha', 'Alpha'),
  'joinCodes/BCDEFGHJ': joinCode('bravo', 'Bravo'),
  'officers/officer': officer({ email: 'officer@ship.test', name: 'Chief Mate' }),
  'officers/chief': officer({ vessels: [], fleet: true }),
  // Granted, under the old flow, to whoever's profile claimed the officer's e-mail.
  'officers/impostor': officer({ email: 'officer@ship.test' }),
  'users/sailor': { email: 'sailor@ship.test', fullName: 'Ivan Petrov', dailyGoal: 10 },
  'users/sailor/memberships/alpha': membership('alpha', 'Alpha', 'ABCDEFGH'),
  'users/sailor/fleet/active': { vessel: 'alpha', at: T },
  'users/sailor/history/b1': batch,
  // The account's history counter: one batch of 12 characters (`batch.e`).
  'users/sailor/meta/history': { n: 1, c: 12, last: 'b1' },
  // The account's first history segment, open, and the segments' counter naming it.
  'users/sailor/historySegments/s0': segment(0, SEGMENT_TO, OPEN, 2),
  'users/sailor/meta/segments': { n: 1, c: 23, last: 0, from: 0, to: SEGMENT_TO, size: 23 },
  'users/sailor/userWords/w1': word(),
  'vessels/alpha/crew/sailor': summary(),
  // A profile an older rule let through (a name over its bound): every later update must leave
  // it valid, as the rules judge the whole document.
  'users/stale': { email: 'stale@ship.test', fullName: 'x'.repeat(201) },
  'curriculum/t-mooring': curriculumDoc(),
  'sittings/DEFGHJKM': {
    uid: 'sailor',
    vessel: 'alpha',
    role: 'ab',
    by: 'officer',
    byName: 'Chief Mate',
    issuedAt: T,
  },
  'users/sailor/exams/x1': { dv: 'deck', role: 'ab', c: 30, n: 40, syncedAt: T },
};

/** A result document of the default exam: 30 of 40 in 20 minutes, passed. */
const examResult = (extra: Record<string, unknown> = {}) => ({
  dv: 'deck',
  role: 'ab',
  c: 30,
  n: 40,
  pm: 70,
  lim: 1800,
  sec: 1200,
  s: { terms: [30, 40] },
  p: true,
  at: NOW - 60_000,
  cur: 'e-none',
  syncedAt: T,
  ...extra,
});

// ---- the cases ----------------------------------------------------------------------------------

/** The outcome of a path no rule matches. */
const NO_RULE = '(no rule)';

interface Write {
  doc: string;
  data: Record<string, unknown>;
  /** A merge (an update of the given fields only). */
  merge?: boolean;
}

interface Case {
  /** The rules path (RULE_PATHS), or NO_RULE. */
  path: string;
  op: Op;
  as: Caller;
  /** The document (or, for a list, the collection). */
  doc: string;
  /** What a create or update writes (a `T` value is the server's time). */
  data?: Record<string, unknown>;
  merge?: boolean;
  /** Other writes of the same commit. */
  with?: Write[];
  expect: 'allow' | 'deny';
  why: string;
  /** A text this case rests on: in the rules function named, or in the path's allow condition. */
  rules?: { fn?: string; text: string };
}

const CASES: Case[] = [
  // vessels/{vesselId}
  {
    path: 'vessels/{vesselId}',
    op: 'get',
    as: 'officer',
    doc: 'vessels/alpha',
    expect: 'allow',
    why: 'an officer of the vessel',
    rules: { fn: 'grantHolds', text: 'request.auth.token.email_verified == true' },
  },
  {
    path: 'vessels/{vesselId}',
    op: 'get',
    as: 'officer',
    doc: 'vessels/bravo',
    expect: 'deny',
    why: 'not their vessel',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'get',
    as: 'impostor',
    doc: 'vessels/alpha',
    expect: 'deny',
    why: 'a grant to an e-mail their token does not carry',
    rules: { fn: 'grantHolds', text: 'request.auth.token.email == grant.email' },
  },
  {
    path: 'vessels/{vesselId}',
    op: 'get',
    as: 'learner',
    doc: 'vessels/alpha',
    expect: 'deny',
    why: 'learners do not read vessels',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'get',
    as: 'none',
    doc: 'vessels/alpha',
    expect: 'deny',
    why: 'no token',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'list',
    as: 'chief',
    doc: 'vessels',
    expect: 'allow',
    why: 'a fleet officer granted by uid',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'list',
    as: 'officer',
    doc: 'vessels',
    expect: 'deny',
    why: 'an officer of one vessel',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'list',
    as: 'admin',
    doc: 'vessels',
    expect: 'allow',
    why: 'admins list',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'create',
    as: 'admin',
    doc: 'vessels/charlie',
    data: vessel('Charlie', '9074729', 'CDEFGHJK'),
    expect: 'allow',
    why: 'admins write vessels',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'create',
    as: 'admin',
    doc: 'vessels/charlie',
    data: vessel('Charlie', '12345', 'CDEFGHJK'),
    expect: 'deny',
    why: 'an IMO number of seven digits',
    rules: { fn: 'validVessel', text: "data.imo.matches('^[0-9]{7}$')" },
  },
  {
    path: 'vessels/{vesselId}',
    op: 'create',
    as: 'learner',
    doc: 'vessels/charlie',
    data: vessel('Charlie', '9074729', 'CDEFGHJK'),
    expect: 'deny',
    why: 'only admins',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'update',
    as: 'admin',
    doc: 'vessels/alpha',
    data: vessel('Alpha II', '9074729', 'ABCDEFGH'),
    expect: 'allow',
    why: 'admins rename',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'update',
    as: 'officer',
    doc: 'vessels/alpha',
    data: vessel('Alpha II', '9074729', 'ABCDEFGH'),
    expect: 'deny',
    why: 'officers see, never write',
  },
  {
    path: 'vessels/{vesselId}',
    op: 'delete',
    as: 'admin',
    doc: 'vessels/alpha',
    expect: 'deny',
    why: 'vessels keep their records',
    rules: { text: 'false' },
  },

  // vessels/{vesselId}/crew/{uid}
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'get',
    as: 'learner',
    doc: 'vessels/alpha/crew/sailor',
    expect: 'allow',
    why: 'their own summary',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'get',
    as: 'officer',
    doc: 'vessels/alpha/crew/sailor',
    expect: 'allow',
    why: 'the vessel’s officer',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'get',
    as: 'other',
    doc: 'vessels/alpha/crew/sailor',
    expect: 'deny',
    why: 'someone else’s',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'list',
    as: 'officer',
    doc: 'vessels/alpha/crew',
    expect: 'allow',
    why: 'the vessel’s officer',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'list',
    as: 'impostor',
    doc: 'vessels/alpha/crew',
    expect: 'deny',
    why: 'the impostor reads no crew',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'list',
    as: 'other',
    doc: 'vessels/alpha/crew',
    expect: 'deny',
    why: 'a learner reads no crew',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'create',
    as: 'other',
    doc: 'vessels/bravo/crew/newbie',
    data: summary(),
    with: [
      { doc: 'users/newbie/memberships/bravo', data: membership('bravo', 'Bravo', 'BCDEFGHJ') },
      { doc: 'users/newbie/fleet/active', data: { vessel: 'bravo', at: T } },
    ],
    expect: 'allow',
    why: 'a join and its first summary in one commit',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'create',
    as: 'other',
    doc: 'vessels/bravo/crew/newbie',
    data: summary(),
    expect: 'deny',
    why: 'not a member',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'create',
    as: 'learner',
    doc: 'vessels/bravo/crew/sailor',
    data: summary(),
    expect: 'deny',
    why: 'a member of another vessel',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'vessels/alpha/crew/sailor',
    data: summary({ mast: 4 }),
    expect: 'allow',
    why: 'a member writes their summary',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'vessels/alpha/crew/sailor',
    data: summary(),
    with: [
      { doc: 'users/sailor/memberships/alpha', data: { leftAt: T }, merge: true },
      { doc: 'users/sailor/fleet/active', data: { vessel: '', at: T } },
    ],
    expect: 'deny',
    why: 'a summary written with a leave',
    rules: { fn: 'isMemberAfter', text: 'getAfter(' },
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'vessels/alpha/crew/sailor',
    data: summary({ syncedAt: new Date(NOW) }),
    expect: 'deny',
    why: 'a client’s time is never the request time',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'update',
    as: 'officer',
    doc: 'vessels/alpha/crew/sailor',
    data: summary(),
    expect: 'deny',
    why: 'officers see, never write',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'delete',
    as: 'learner',
    doc: 'vessels/alpha/crew/sailor',
    expect: 'allow',
    why: 'the learner removes it on leaving',
  },
  {
    path: 'vessels/{vesselId}/crew/{uid}',
    op: 'delete',
    as: 'officer',
    doc: 'vessels/alpha/crew/sailor',
    expect: 'deny',
    why: 'officers never delete',
  },

  // joinCodes/{code}
  {
    path: 'joinCodes/{code}',
    op: 'get',
    as: 'other',
    doc: 'joinCodes/BCDEFGHJ',
    expect: 'allow',
    why: 'a code is got by the code typed',
  },
  {
    path: 'joinCodes/{code}',
    op: 'get',
    as: 'none',
    doc: 'joinCodes/BCDEFGHJ',
    expect: 'deny',
    why: 'no token',
  },
  {
    path: 'joinCodes/{code}',
    op: 'list',
    as: 'learner',
    doc: 'joinCodes',
    expect: 'deny',
    why: 'codes are never listed',
  },
  {
    path: 'joinCodes/{code}',
    op: 'list',
    as: 'admin',
    doc: 'joinCodes',
    expect: 'allow',
    why: 'but by admins',
  },
  {
    path: 'joinCodes/{code}',
    op: 'create',
    as: 'admin',
    doc: 'joinCodes/CDEFGHJK',
    data: joinCode('bravo', 'Bravo'),
    expect: 'allow',
    why: 'admins make codes',
  },
  {
    path: 'joinCodes/{code}',
    op: 'create',
    as: 'learner',
    doc: 'joinCodes/CDEFGHJK',
    data: joinCode('bravo', 'Bravo'),
    expect: 'deny',
    why: 'only admins',
  },
  {
    path: 'joinCodes/{code}',
    op: 'update',
    as: 'admin',
    doc: 'joinCodes/ABCDEFGH',
    data: { ...joinCode('alpha', 'Alpha'), revoked: true },
    expect: 'allow',
    why: 'a revocation',
  },
  {
    path: 'joinCodes/{code}',
    op: 'update',
    as: 'admin',
    doc: 'joinCodes/ABCDEFGH',
    data: joinCode('bravo', 'Bravo'),
    expect: 'deny',
    why: 'a code never moves to another vessel',
    rules: { text: 'request.resource.data.vessel == resource.data.vessel' },
  },
  {
    path: 'joinCodes/{code}',
    op: 'delete',
    as: 'admin',
    doc: 'joinCodes/ABCDEFGH',
    expect: 'deny',
    why: 'codes are revoked, never deleted',
  },

  // officers/{uid}
  {
    path: 'officers/{uid}',
    op: 'get',
    as: 'officer',
    doc: 'officers/officer',
    expect: 'allow',
    why: 'their own grant',
  },
  {
    path: 'officers/{uid}',
    op: 'get',
    as: 'learner',
    doc: 'officers/officer',
    expect: 'deny',
    why: 'someone else’s grant',
  },
  {
    path: 'officers/{uid}',
    op: 'list',
    as: 'admin',
    doc: 'officers',
    expect: 'allow',
    why: 'admins list',
  },
  {
    path: 'officers/{uid}',
    op: 'list',
    as: 'officer',
    doc: 'officers',
    expect: 'deny',
    why: 'officers do not',
  },
  {
    path: 'officers/{uid}',
    op: 'create',
    as: 'admin',
    doc: 'officers/newbie',
    data: officer({ email: 'newbie@ship.test' }),
    expect: 'allow',
    why: 'admins grant',
  },
  {
    path: 'officers/{uid}',
    op: 'create',
    as: 'learner',
    doc: 'officers/sailor',
    data: officer({ by: 'sailor', fleet: true }),
    expect: 'deny',
    why: 'nobody grants themselves',
  },
  {
    path: 'officers/{uid}',
    op: 'update',
    as: 'admin',
    doc: 'officers/officer',
    data: officer({ email: 'officer@ship.test', vessels: ['alpha', 'bravo'] }),
    expect: 'allow',
    why: 'admins change a grant',
  },
  {
    path: 'officers/{uid}',
    op: 'delete',
    as: 'admin',
    doc: 'officers/impostor',
    expect: 'allow',
    why: 'admins withdraw a grant',
  },
  {
    path: 'officers/{uid}',
    op: 'delete',
    as: 'officer',
    doc: 'officers/officer',
    expect: 'deny',
    why: 'only admins',
  },

  // curriculum/{docId}
  {
    path: 'curriculum/{docId}',
    op: 'get',
    as: 'learner',
    doc: 'curriculum/t-mooring',
    expect: 'allow',
    why: 'every signed-in user',
  },
  {
    path: 'curriculum/{docId}',
    op: 'get',
    as: 'none',
    doc: 'curriculum/t-mooring',
    expect: 'deny',
    why: 'no token',
  },
  {
    path: 'curriculum/{docId}',
    op: 'list',
    as: 'other',
    doc: 'curriculum',
    expect: 'allow',
    why: 'every signed-in user',
  },
  {
    path: 'curriculum/{docId}',
    op: 'create',
    as: 'admin',
    doc: 'curriculum/t-rigging',
    data: curriculumDoc({
      id: 'deck::Rigging',
      record: { name: 'Rigging', division: 'deck', roles: [1, true] },
    }),
    expect: 'allow',
    why: 'the rules bound a list by its length; its items are the readers’ to check',
    rules: { fn: 'boundedList', text: 'data[field].size() <= 50' },
  },
  {
    path: 'curriculum/{docId}',
    op: 'create',
    as: 'admin',
    doc: 'curriculum/t-rigging',
    data: curriculumDoc({ record: { name: '', division: 'deck' } }),
    expect: 'deny',
    why: 'a name of one character at least',
    rules: { fn: 'validTopicRecord', text: 'data.name.size() >= 1' },
  },
  {
    path: 'curriculum/{docId}',
    op: 'create',
    as: 'learner',
    doc: 'curriculum/t-rigging',
    data: curriculumDoc({ by: 'sailor' }),
    expect: 'deny',
    why: 'only the admin claim',
  },
  {
    path: 'curriculum/{docId}',
    op: 'update',
    as: 'admin',
    doc: 'curriculum/t-mooring',
    data: curriculumDoc({ deleted: true, record: undefined }),
    expect: 'allow',
    why: 'a tombstone',
  },
  {
    path: 'curriculum/{docId}',
    op: 'delete',
    as: 'admin',
    doc: 'curriculum/t-mooring',
    expect: 'deny',
    why: 'deletions are tombstones',
  },

  // sittings/{code}
  {
    path: 'sittings/{code}',
    op: 'get',
    as: 'learner',
    doc: 'sittings/DEFGHJKM',
    expect: 'allow',
    why: 'the learner it names',
  },
  {
    path: 'sittings/{code}',
    op: 'get',
    as: 'other',
    doc: 'sittings/DEFGHJKM',
    expect: 'deny',
    why: 'another learner',
  },
  {
    path: 'sittings/{code}',
    op: 'list',
    as: 'officer',
    doc: 'sittings',
    expect: 'deny',
    why: 'never listed but by admins',
  },
  {
    path: 'sittings/{code}',
    op: 'create',
    as: 'officer',
    doc: 'sittings/EFGHJKMN',
    data: {
      uid: 'sailor',
      vessel: 'alpha',
      role: 'ab',
      by: 'officer',
      byName: 'Chief Mate',
      issuedAt: T,
    },
    expect: 'allow',
    why: 'an officer of the vessel, for a current member',
  },
  {
    path: 'sittings/{code}',
    op: 'create',
    as: 'impostor',
    doc: 'sittings/EFGHJKMN',
    data: {
      uid: 'sailor',
      vessel: 'alpha',
      role: 'ab',
      by: 'impostor',
      byName: 'Chief Mate',
      issuedAt: T,
    },
    expect: 'deny',
    why: 'a grant whose e-mail the token does not carry issues nothing',
  },
  {
    path: 'sittings/{code}',
    op: 'update',
    as: 'other',
    doc: 'sittings/DEFGHJKM',
    data: { usedAt: T, exam: 'x2' },
    merge: true,
    expect: 'deny',
    why: 'only the learner it names uses it',
  },
  {
    path: 'sittings/{code}',
    op: 'delete',
    as: 'admin',
    doc: 'sittings/DEFGHJKM',
    expect: 'deny',
    why: 'never deleted',
  },

  // users/{uid}
  {
    path: 'users/{uid}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor',
    expect: 'allow',
    why: 'their own profile',
  },
  {
    path: 'users/{uid}',
    op: 'get',
    as: 'officer',
    doc: 'users/sailor',
    expect: 'deny',
    why: 'officers never read a profile',
  },
  {
    path: 'users/{uid}',
    op: 'list',
    as: 'admin',
    doc: 'users',
    expect: 'allow',
    why: 'admins find users',
  },
  {
    path: 'users/{uid}',
    op: 'list',
    as: 'learner',
    doc: 'users',
    expect: 'deny',
    why: 'learners do not',
  },
  {
    path: 'users/{uid}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie',
    data: { email: 'newbie@ship.test', fullName: 'New' },
    expect: 'allow',
    why: 'their own e-mail',
  },
  {
    path: 'users/{uid}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie',
    data: { email: 'officer@ship.test', fullName: 'New' },
    expect: 'deny',
    why: 'an e-mail that is not the account’s',
    rules: { fn: 'validProfileEmail', text: 'data.email == request.auth.token.email' },
  },
  {
    path: 'users/{uid}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie',
    data: { email: 'newbie@ship.test', emailVerified: true },
    expect: 'deny',
    why: 'verified only when the token says so',
  },
  {
    path: 'users/{uid}',
    op: 'create',
    as: 'none',
    doc: 'users/newbie',
    data: { fullName: 'New' },
    expect: 'deny',
    why: 'no token writes nothing',
  },
  {
    path: 'users/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor',
    data: { email: 'sailor@ship.test', emailVerified: true },
    merge: true,
    expect: 'allow',
    why: 'a verified token marks its e-mail verified',
  },
  {
    path: 'users/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor',
    data: { email: 'officer@ship.test' },
    merge: true,
    expect: 'deny',
    why: 'a profile cannot take an officer’s e-mail',
  },
  {
    path: 'users/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor',
    data: { isAdmin: true },
    merge: true,
    expect: 'deny',
    why: 'never isAdmin',
    rules: { fn: 'profileFields', text: "'retention'" },
  },
  {
    path: 'users/{uid}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor',
    data: { dailyGoal: 20 },
    merge: true,
    expect: 'allow',
    why: 'a setting',
  },
  {
    path: 'users/{uid}',
    op: 'update',
    as: 'stale',
    doc: 'users/stale',
    data: { theme: 'dark' },
    merge: true,
    expect: 'deny',
    why: 'the whole profile passes after an update, not only what it changes',
    rules: { text: 'validProfile(request.resource.data)' },
  },
  {
    path: 'users/{uid}',
    op: 'update',
    as: 'admin',
    doc: 'users/stale',
    data: { theme: 'dark' },
    merge: true,
    expect: 'deny',
    why: 'not someone else’s profile',
  },
  {
    path: 'users/{uid}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor',
    expect: 'deny',
    why: 'profiles stay',
  },

  // users/{uid}/history/{batchId}
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/history/b1',
    expect: 'allow',
    why: 'their own answers',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'get',
    as: 'admin',
    doc: 'users/sailor/history/b1',
    expect: 'allow',
    why: 'admins verify results',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'list',
    as: 'officer',
    doc: 'users/sailor/history',
    expect: 'deny',
    why: 'officers never read answers',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'list',
    as: 'learner',
    doc: 'users/sailor/history',
    expect: 'allow',
    why: 'their own',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'none',
    doc: 'users/sailor/history/b2',
    data: batch,
    expect: 'deny',
    why: 'no token writes nothing',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'other',
    doc: 'users/sailor/history/b2',
    data: batch,
    expect: 'deny',
    why: 'not under another user',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/history/b1',
    data: batch,
    expect: 'deny',
    why: 'append-only',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/history/b1',
    expect: 'deny',
    why: 'append-only',
  },

  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/history/b2',
    data: batch,
    with: [{ doc: 'users/sailor/meta/history', data: { n: 2, c: 24, last: 'b2' } }],
    expect: 'allow',
    why: 'a batch counted in the same commit',
    rules: { fn: 'countedBatch', text: "after.n == countedBefore(uid, 'n') + 1" },
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/history/b2',
    data: batch,
    expect: 'deny',
    why: 'not counted (the previous version pushes so)',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/history/b2',
    data: batch,
    with: [
      { doc: 'users/sailor/history/b3', data: batch },
      { doc: 'users/sailor/meta/history', data: { n: 2, c: 24, last: 'b2' } },
    ],
    expect: 'deny',
    why: 'one batch a commit: the counter names one',
    rules: { fn: 'countedBatch', text: 'after.last == batchId' },
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/history/b2',
    data: batch,
    with: [{ doc: 'users/sailor/meta/history', data: { n: 2, c: 14, last: 'b2' } }],
    expect: 'deny',
    why: 'the counter grows by at least the batch’s size',
  },
  {
    path: 'users/{uid}/history/{batchId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/history/b2',
    data: batch,
    with: [{ doc: 'users/sailor/meta/history', data: { n: 2, c: 400_000_001, last: 'b2' } }],
    expect: 'deny',
    why: 'past the account’s bound of bytes',
    rules: { fn: 'countedBatch', text: 'after.c <= 400000000' },
  },
  ...[
    { now: NOW - YEAR_MS, expect: 'allow', why: 'a clock a year behind still pushes' },
    { now: NOW + YEAR_MS, expect: 'allow', why: 'a clock a year ahead still pushes' },
    { now: 7_258_118_400_000, expect: 'allow', why: 'a clock at the year-2200 bound' },
    { now: 7_258_118_400_001, expect: 'deny', why: 'a clock reading past the year 2200' },
    { now: -1, expect: 'deny', why: 'a clock reading before 1970' },
    { now: '1764000000000', expect: 'deny', why: 'a clock reading that is not a number' },
  ].map(
    ({ now, expect, why }): Case => ({
      path: 'users/{uid}/history/{batchId}',
      op: 'create',
      as: 'learner',
      doc: 'users/sailor/history/b2',
      data: { ...batch, now },
      with: [{ doc: 'users/sailor/meta/history', data: { n: 2, c: 24, last: 'b2' } }],
      expect: expect as Case['expect'],
      why: `the sender's clock at the commit: ${why}`,
      rules: { fn: 'validBatch', text: 'data.now >= 0 && data.now <= 7258118400000' },
    }),
  ),

  // users/{uid}/meta/history
  {
    path: 'users/{uid}/meta/history',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/meta/history',
    expect: 'allow',
    why: 'their own counter',
  },
  {
    path: 'users/{uid}/meta/history',
    op: 'get',
    as: 'officer',
    doc: 'users/sailor/meta/history',
    expect: 'deny',
    why: 'not theirs',
  },
  {
    path: 'users/{uid}/meta/history',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/meta/history',
    data: { n: 1, c: 12, last: 'n1' },
    with: [{ doc: 'users/newbie/history/n1', data: batch }],
    expect: 'allow',
    why: 'the first batch starts the counter',
    rules: { fn: 'validCounter', text: 'existsAfter(' },
  },
  {
    path: 'users/{uid}/meta/history',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/meta/history',
    data: { n: 5, c: 12, last: 'n1' },
    with: [{ doc: 'users/newbie/history/n1', data: batch }],
    expect: 'deny',
    why: 'a counter that does not count its batch',
  },
  {
    path: 'users/{uid}/meta/history',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/meta/history',
    data: { n: 0, c: 0, last: 'b1' },
    expect: 'deny',
    why: 'never moved without a new batch (no winding back)',
    rules: { fn: 'validCounter', text: '!exists(' },
  },
  {
    path: 'users/{uid}/meta/history',
    op: 'update',
    as: 'other',
    doc: 'users/sailor/meta/history',
    data: { n: 2, c: 24, last: 'b2' },
    with: [{ doc: 'users/sailor/history/b2', data: batch }],
    expect: 'deny',
    why: 'not another user’s',
  },
  {
    path: 'users/{uid}/meta/history',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/meta/history',
    expect: 'deny',
    why: 'never deleted',
  },

  // users/{uid}/historySegments/{segId}
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    expect: 'allow',
    why: 'their own history',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'list',
    as: 'learner',
    doc: 'users/sailor/historySegments',
    expect: 'allow',
    why: 'a new device reads them all',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'list',
    as: 'officer',
    doc: 'users/sailor/historySegments',
    expect: 'deny',
    why: 'officers never read answers',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/historySegments/s1',
    data: segment(SEGMENT_TO, NOW - 60_000),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(1, segment(SEGMENT_TO, NOW - 60_000)),
      },
    ],
    expect: 'allow',
    why: 'the next segment, from where the open one ends',
    rules: { fn: 'countedSegment', text: 'data.from == before.to' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/historySegments/s1',
    data: segment(SEGMENT_TO, NOW - 60_000),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(1, segment(SEGMENT_TO, NOW - 60_000), 50_000_001),
      },
    ],
    expect: 'deny',
    why: 'past the account’s 50 million characters (three to four heavy years)',
    rules: { fn: 'countedSegment', text: 'after.c <= 50000000' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/historySegments/s1',
    data: segment(SEGMENT_TO + 1, NOW - 60_000),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(1, segment(SEGMENT_TO + 1, NOW - 60_000)),
      },
    ],
    expect: 'deny',
    why: 'a gap after the open segment',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/historySegments/s2',
    data: segment(SEGMENT_TO, NOW - 60_000),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(2, segment(SEGMENT_TO, NOW - 60_000)),
      },
    ],
    expect: 'deny',
    why: 'not the next one',
    rules: { fn: 'countedSegment', text: "segId == 's' + string(after.last)" },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/historySegments/s1',
    data: segment(SEGMENT_TO, NOW + 60_000),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(1, segment(SEGMENT_TO, NOW + 60_000)),
      },
    ],
    expect: 'deny',
    why: 'a range past the server’s time',
    rules: { fn: 'validSegment', text: 'data.to <= request.time.toMillis()' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/historySegments/s1',
    data: segment(SEGMENT_TO, NOW - 60_000),
    expect: 'deny',
    why: 'without the counter’s step',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'create',
    as: 'other',
    doc: 'users/sailor/historySegments/s1',
    data: segment(SEGMENT_TO, NOW - 60_000),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(1, segment(SEGMENT_TO, NOW - 60_000)),
      },
    ],
    expect: 'deny',
    why: 'not under another user',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    data: segment(0, NOW - 60_000, LONGER, 3),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(0, segment(0, NOW - 60_000, LONGER), 23 + LONGER.length - 23),
      },
    ],
    expect: 'allow',
    why: 'the open segment again, longer, its growth counted',
    rules: { fn: 'countedSegment', text: 'after.c >= before.c + data.e.size() - replaced' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    data: segment(0, NOW - 60_000, LONGER, 3),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(0, segment(0, NOW - 60_000, LONGER), 23),
      },
    ],
    expect: 'deny',
    why: 'its growth not counted',
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    data: segment(0, NOW - 60_000, ONE_LONG, 1),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(0, segment(0, NOW - 60_000, ONE_LONG), 23 + ONE_LONG.length - 23),
      },
    ],
    expect: 'deny',
    why: 'the open segment again, later but with fewer entries (a device lacking some)',
    rules: { fn: 'keepsSegment', text: 'data.count >= stored.count' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    data: segment(0, NOW - 60_000, TWO_SHORT, 2),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(0, segment(0, NOW - 60_000, TWO_SHORT), 23),
      },
    ],
    expect: 'deny',
    why: 'the open segment again, later but in fewer characters',
    rules: { fn: 'keepsSegment', text: 'data.e.size() >= stored.e.size()' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    data: segment(0, SEGMENT_TO - 1, LONGER, 3),
    with: [
      {
        doc: 'users/sailor/meta/segments',
        data: segmentsAfter(0, segment(0, SEGMENT_TO - 1, LONGER), 23 + LONGER.length - 23),
      },
    ],
    expect: 'deny',
    why: 'the open segment cut shorter',
    rules: { fn: 'countedSegment', text: 'data.to >= before.to' },
  },
  {
    path: 'users/{uid}/historySegments/{segId}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/historySegments/s0',
    expect: 'deny',
    why: 'never deleted',
  },

  // users/{uid}/meta/segments
  {
    path: 'users/{uid}/meta/segments',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/meta/segments',
    expect: 'allow',
    why: 'their own counter',
  },
  {
    path: 'users/{uid}/meta/segments',
    op: 'get',
    as: 'officer',
    doc: 'users/sailor/meta/segments',
    expect: 'deny',
    why: 'not theirs',
  },
  {
    path: 'users/{uid}/meta/segments',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/meta/segments',
    data: { n: 1, c: 12, last: 0, from: 0, to: SEGMENT_TO, size: 12 },
    with: [{ doc: 'users/newbie/historySegments/s0', data: segment(0, SEGMENT_TO) }],
    expect: 'allow',
    why: 'the first segment starts the counter',
    rules: { fn: 'validSegmentCounter', text: 'segment.data.syncedAt == request.time' },
  },
  {
    path: 'users/{uid}/meta/segments',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/meta/segments',
    data: { n: 1, c: 0, last: 0, from: 0, to: SEGMENT_TO, size: 12 },
    expect: 'deny',
    why: 'never moved without a segment written with it',
  },
  {
    path: 'users/{uid}/meta/segments',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/meta/segments',
    data: { ...segmentsAfter(1, segment(SEGMENT_TO, NOW - 60_000)), size: 99 },
    with: [{ doc: 'users/sailor/historySegments/s1', data: segment(SEGMENT_TO, NOW - 60_000) }],
    expect: 'deny',
    why: 'a size past its segment’s',
    rules: { fn: 'validSegmentCounter', text: 'data.size <= segment.data.e.size()' },
  },
  {
    path: 'users/{uid}/meta/segments',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/meta/segments',
    expect: 'deny',
    why: 'never deleted',
  },

  // users/{uid}/exams/{examId}
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/exams/x1',
    expect: 'allow',
    why: 'their own result',
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'list',
    as: 'officer',
    doc: 'users/sailor/exams',
    expect: 'deny',
    why: 'read by the learner and admins',
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/exams/x2',
    data: { dv: 'deck', role: 'ab', c: 40, n: 40, p: true, syncedAt: T },
    expect: 'deny',
    why: 'a result without the numbers the rules check',
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/exams/x1',
    data: { c: 40 },
    merge: true,
    expect: 'deny',
    why: 'created once, never changed',
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/exams/x1',
    expect: 'deny',
    why: 'never deleted',
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/exams/x3',
    data: examResult(),
    expect: 'allow',
    why: 'a self-reported result whose numbers agree with the default exam',
    rules: { fn: 'agreesWithExam', text: 'data.n == 40 && data.pm == 70 && data.lim == 1800' },
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/exams/x3',
    data: examResult({ c: 1, s: { terms: [1, 40] } }),
    expect: 'deny',
    why: '"passed" with 1 of 40',
    rules: { fn: 'validExamResult', text: 'data.p == (data.c * 100 >= data.pm * data.n)' },
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/exams/x3',
    data: examResult({ sc: 'DEFGHJKM' }),
    with: [{ doc: 'sittings/DEFGHJKM', data: { usedAt: T, exam: 'x3' }, merge: true }],
    expect: 'allow',
    why: 'a supervised result consumes its sitting in the same commit',
    rules: {
      fn: 'validSupervision',
      text: "getAfter(sittingDoc(data.sc)).data.get('exam', '') == examId",
    },
  },
  {
    path: 'users/{uid}/exams/{examId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/exams/x3',
    data: examResult({ sc: 'DEFGHJKM' }),
    expect: 'deny',
    why: 'a result naming a sitting it does not consume',
  },
  {
    path: 'sittings/{code}',
    op: 'update',
    as: 'learner',
    doc: 'sittings/DEFGHJKM',
    data: { usedAt: T, exam: 'x3' },
    merge: true,
    expect: 'deny',
    why: 'a sitting is used only with the result that names it',
    rules: { fn: 'validSittingUse', text: 'existsAfter(' },
  },

  // users/{uid}/memberships/{vesselId}
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/memberships/alpha',
    expect: 'allow',
    why: 'their own',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'list',
    as: 'officer',
    doc: 'users/sailor/memberships',
    expect: 'deny',
    why: 'officers never read memberships',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/memberships/bravo',
    data: membership('bravo', 'Bravo', 'BCDEFGHJ'),
    with: [{ doc: 'users/newbie/fleet/active', data: { vessel: 'bravo', at: T } }],
    expect: 'allow',
    why: 'a join sets the vessel pointer',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/memberships/bravo',
    data: membership('bravo', 'Bravo', 'BCDEFGHJ'),
    expect: 'deny',
    why: 'a join without the pointer',
    rules: { text: 'activeAfter(uid) == vesselId' },
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/memberships/bravo',
    data: membership('bravo', 'Bravo', 'ABCDEFGH'),
    with: [{ doc: 'users/newbie/fleet/active', data: { vessel: 'bravo', at: T } }],
    expect: 'deny',
    why: 'another vessel’s code',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/memberships/bravo',
    data: membership('bravo', 'Bravo', 'BCDEFGHJ'),
    with: [{ doc: 'users/sailor/fleet/active', data: { vessel: 'bravo', at: T } }],
    expect: 'deny',
    why: 'a second vessel while on the first',
    rules: { fn: 'validActive', text: '!isMemberAfter(uid, activeBefore(uid))' },
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/memberships/bravo',
    data: membership('bravo', 'Bravo', 'BCDEFGHJ'),
    with: [
      { doc: 'users/sailor/memberships/alpha', data: { leftAt: T }, merge: true },
      { doc: 'vessels/alpha/crew/sailor', data: {} },
      { doc: 'users/sailor/fleet/active', data: { vessel: 'bravo', at: T } },
    ],
    expect: 'allow',
    why: 'a move: the old vessel left in the same commit',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/memberships/alpha',
    data: { leftAt: T },
    merge: true,
    with: [{ doc: 'users/sailor/fleet/active', data: { vessel: '', at: T } }],
    expect: 'allow',
    why: 'a leave clears the pointer',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/memberships/alpha',
    data: { leftAt: T },
    merge: true,
    expect: 'deny',
    why: 'a leave that keeps the pointer',
  },
  {
    path: 'users/{uid}/memberships/{vesselId}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/memberships/alpha',
    expect: 'deny',
    why: 'memberships stay on record',
  },

  // users/{uid}/fleet/{docId}
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/fleet/active',
    expect: 'allow',
    why: 'their own',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'get',
    as: 'officer',
    doc: 'users/sailor/fleet/active',
    expect: 'deny',
    why: 'their own only',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'list',
    as: 'learner',
    doc: 'users/sailor/fleet',
    expect: 'allow',
    why: 'their own',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/fleet/active',
    data: { vessel: '', at: T },
    expect: 'allow',
    why: 'on no vessel',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/fleet/active',
    data: { vessel: 'bravo', at: T },
    expect: 'deny',
    why: 'a vessel they are not a member of',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'create',
    as: 'other',
    doc: 'users/newbie/fleet/other',
    data: { vessel: '', at: T },
    expect: 'deny',
    why: 'only `active`',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/fleet/active',
    data: { vessel: 'alpha', at: T },
    expect: 'allow',
    why: 'the vessel they are on (an older version’s join)',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/fleet/active',
    data: { vessel: '', at: T },
    expect: 'deny',
    why: 'cleared while still a member',
  },
  {
    path: 'users/{uid}/fleet/{docId}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/fleet/active',
    expect: 'deny',
    why: 'cleared, never deleted',
  },

  // users/{uid}/userWords/{vocabId}
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'get',
    as: 'learner',
    doc: 'users/sailor/userWords/w1',
    expect: 'allow',
    why: 'their own',
  },
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'list',
    as: 'other',
    doc: 'users/sailor/userWords',
    expect: 'deny',
    why: 'someone else’s',
  },
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/userWords/w2',
    data: word({ vocabId: 'w2' }),
    expect: 'allow',
    why: 'an older version still writes',
  },
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/userWords/w2',
    data: word({ vocabId: 'w2', correct: 3 }),
    expect: 'deny',
    why: 'correct within attempts',
    rules: { fn: 'validWord', text: 'data.correct <= data.attempts' },
  },
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/userWords/w1',
    data: word({ vocabId: 'w9' }),
    expect: 'deny',
    why: 'the id its own',
  },
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'update',
    as: 'learner',
    doc: 'users/sailor/userWords/w1',
    data: word({ attempts: 3 }),
    expect: 'allow',
    why: 'an older version’s update',
  },
  {
    path: 'users/{uid}/userWords/{vocabId}',
    op: 'delete',
    as: 'learner',
    doc: 'users/sailor/userWords/w1',
    expect: 'deny',
    why: 'never deleted',
  },

  // No rule: refused to everyone (but the emulator's owner).
  {
    path: NO_RULE,
    op: 'create',
    as: 'learner',
    doc: 'users/sailor/notes/n1',
    data: { text: 'hi' },
    expect: 'deny',
    why: 'a collection no rule names',
  },
  {
    path: NO_RULE,
    op: 'create',
    as: 'learner',
    doc: 'vessels/alpha/crew/sailor/notes/n1',
    data: { text: 'hi' },
    expect: 'deny',
    why: 'below a crew summary',
  },
  {
    path: NO_RULE,
    op: 'list',
    as: 'officer',
    doc: 'vessels/alpha/crew/sailor/notes',
    expect: 'deny',
    why: 'below a crew summary',
  },
  { path: NO_RULE, op: 'get', as: 'admin', doc: 'elsewhere/x', expect: 'deny', why: 'admins too' },
];

// ---- running a case -------------------------------------------------------------------------------

const PROJECT = 'demo-rules-walk';
let server: FirestoreRestServer;
const dbs = new Map<string, lite.Firestore>();

function firestoreOf(who: Caller | 'owner'): lite.Firestore {
  const known = dbs.get(who);
  if (known) return known;
  const db = lite.getFirestore(
    initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, `walk-${who}`),
  );
  const [host, port] = server.host.split(':') as [string, string];
  if (who === 'owner') {
    lite.connectFirestoreEmulator(db, host, Number(port), { mockUserToken: 'owner' });
  } else if (who === 'none') {
    lite.connectFirestoreEmulator(db, host, Number(port));
  } else {
    const { user_id, ...claims } = TOKENS[who];
    lite.connectFirestoreEmulator(db, host, Number(port), {
      mockUserToken: { user_id: user_id as string, sub: user_id as string, ...claims },
    });
  }
  dbs.set(who, db);
  return db;
}

/** A value as written: `T` the server's time, `undefined` left out. */
function written(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, value === T ? lite.serverTimestamp() : value]),
  );
}

async function seed(): Promise<void> {
  const db = firestoreOf('owner');
  const batch = lite.writeBatch(db);
  for (const [path, data] of Object.entries(WORLD)) batch.set(lite.doc(db, path), written(data));
  await batch.commit();
}

async function run(test: Case): Promise<'allow' | 'deny'> {
  const db = firestoreOf(test.as);
  try {
    if (test.op === 'get') await lite.getDoc(lite.doc(db, test.doc));
    else if (test.op === 'list') await lite.getDocs(lite.collection(db, test.doc));
    else {
      const batch = lite.writeBatch(db);
      const writes: Write[] = [
        ...(test.op === 'delete'
          ? []
          : [{ doc: test.doc, data: test.data ?? {}, merge: test.merge ?? false }]),
        ...(test.with ?? []),
      ];
      if (test.op === 'delete') batch.delete(lite.doc(db, test.doc));
      for (const write of writes) {
        const ref = lite.doc(db, write.doc);
        // An empty write of another document in the commit is its removal.
        if (Object.keys(write.data).length === 0) batch.delete(ref);
        else if (write.merge) batch.set(ref, written(write.data), { merge: true });
        else batch.set(ref, written(write.data));
      }
      await batch.commit();
    }
    return 'allow';
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return 'deny';
    throw error;
  }
}

const MATCHES = parseRules(RULES);
const key = (path: string, op: Op) => `${path} ${op}`;

beforeAll(async () => {
  lite.setLogLevel('silent');
  server = await startFirestoreRestServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

describe('firestore.rules and the REST test server know the same paths', () => {
  it('the parser finds nested matches, literal ids and every operation', () => {
    const users = MATCHES.find((match) => match.path === 'users/{uid}/memberships/{vesselId}');
    expect([...(users?.allow.keys() ?? [])].sort()).toEqual(
      ['create', 'delete', 'get', 'list', 'update'].sort(),
    );
    expect(MATCHES.map((match) => match.path)).toContain('vessels/{vesselId}/crew/{uid}');
    expect(MATCHES.find((m) => m.path === 'vessels/{vesselId}')?.allow.get('delete')).toBe('false');
  });

  it('every rules path is one the server knows, and every server path one the rules have', () => {
    const rules = MATCHES.map((match) => match.path).sort();
    expect([...RULE_PATHS].sort()).toEqual(rules);
  });

  it('every path and operation of the rules has a case, and every case a path and operation', () => {
    const covered = new Set(CASES.map((test) => key(test.path, test.op)));
    const missing = MATCHES.flatMap((match) =>
      [...match.allow.keys()].map((op) => key(match.path, op)),
    ).filter((wanted) => !covered.has(wanted));
    expect(missing).toEqual([]);
    const known = new Set(
      MATCHES.flatMap((match) => [...match.allow.keys()].map((op) => key(match.path, op))),
    );
    const stray = CASES.filter(
      (test) => test.path !== NO_RULE && !known.has(key(test.path, test.op)),
    ).map((test) => `${key(test.path, test.op)}: ${test.why}`);
    expect(stray).toEqual([]);
  });

  it('each case’s document is of its path (and a no-rule case matches no rule)', () => {
    for (const test of CASES) {
      expect(rulePathOf(test.doc) ?? NO_RULE, `${test.doc}: ${test.why}`).toBe(test.path);
    }
  });
});

describe('each case on the REST test server', () => {
  beforeEach(async () => {
    await firestoreTestApi(server.url).reset();
    await seed();
  });

  it.each(CASES.map((test) => [`${test.as} ${test.op} ${test.doc}: ${test.why}`, test] as const))(
    '%s',
    async (_name, test) => {
      // A create is of a document not there yet, an update of one that is.
      if (test.op === 'create') expect(WORLD[test.doc]).toBeUndefined();
      if (test.op === 'update') expect(WORLD[test.doc]).toBeDefined();
      if (test.rules) {
        const condition = MATCHES.find((match) => match.path === test.path)?.allow.get(test.op);
        const text = test.rules.fn ? functionBody(RULES, test.rules.fn) : condition;
        expect(text).toContain(test.rules.text);
      }
      expect(await run(test)).toBe(test.expect);
    },
  );
});
