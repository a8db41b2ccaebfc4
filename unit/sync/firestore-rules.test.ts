/**
 * firestore.rules against the field tables of the synced records (src/domain/synced-records.ts):
 * the rules' whitelists and type checks must name exactly the tables' fields and types, so a field
 * added to a table and forgotten in the rules (which would fail only in production) fails here.
 */
import { describe, expect, it } from 'vitest';
import { HISTORY_BATCH_MAX_ENTRIES } from '@/domain/constants';
import {
  type BoundedField,
  CURRICULUM_DOC_FIELDS,
  CURRICULUM_RECORD_FIELDS,
  curriculumDocId,
} from '@/domain/curriculum';
import {
  type AllowedValues,
  SETTING_VALUES,
  UI_LANG_PATTERN,
  UI_LANGS,
} from '@/domain/settings-schema';
import {
  CLOCK_SKEW_MS,
  DOCUMENT_ID_PATTERN,
  PROFILE_FIELDS,
  type WireField,
  type WireType,
} from '@/domain/synced-records';
import {
  SEGMENT_ACCOUNT_MAX_BYTES,
  SEGMENT_ACCOUNT_MAX_WRITES,
  SEGMENT_DOCUMENT_FIELDS,
  SEGMENT_ID_PATTERN,
  SEGMENT_MAX_ENTRIES,
} from '@/sync/history-segments';
import {
  BATCH_DOCUMENT_FIELDS,
  BATCH_NOW_MAX,
  HISTORY_ACCOUNT_MAX_BATCHES,
  HISTORY_ACCOUNT_MAX_BYTES,
  HISTORY_BATCH_MAX_CHARS,
  HISTORY_COUNTER_FIELDS,
} from '@/sync/history-wire';
import { functionBody, RULES } from './rules-text';

/** The quoted names of the first list in a text: `['a', 'b']`. */
function listIn(text: string): string[] {
  const list = /\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
}

/** The type the rules check for each field of `data` in a function body. */
function typesIn(body: string): Map<string, WireType> {
  const types = new Map<string, WireType>();
  for (const m of body.matchAll(/optional\(data, '(\w+)', '(\w+)'\)/g)) {
    types.set(m[1] as string, m[2] as WireType);
  }
  for (const m of body.matchAll(/data\.(\w+) is (\w+)/g))
    types.set(m[1] as string, m[2] as WireType);
  // An enumeration (`data.theme in ['light', ...]`) is a string check.
  for (const m of body.matchAll(/data\.(\w+) in \['/g)) types.set(m[1] as string, 'string');
  for (const m of body.matchAll(/data\.(\w+) == request\.time/g)) {
    types.set(m[1] as string, 'timestamp');
  }
  return types;
}

/** Where the rules and a field table disagree (whitelist or type); empty when they agree. */
function mismatches(
  whitelist: readonly string[],
  types: ReadonlyMap<string, WireType>,
  table: Record<string, WireField>,
): string[] {
  const fields = Object.values(table);
  const wires = fields.map((field) => field.wire);
  const problems: string[] = [];
  for (const name of wires) {
    if (!whitelist.includes(name))
      problems.push(`${name}: in the table, not in the rules' whitelist`);
  }
  for (const name of whitelist) {
    if (!wires.includes(name)) problems.push(`${name}: in the rules' whitelist, not in the table`);
  }
  for (const field of fields) {
    const checked = types.get(field.wire);
    if (checked !== field.type) {
      problems.push(
        `${field.wire}: the rules check ${checked ?? 'no type'}, the table says ${field.type}`,
      );
    }
  }
  return problems;
}

function profileMismatches(rules: string): string[] {
  return mismatches(
    listIn(functionBody(rules, 'profileFields')),
    typesIn(functionBody(rules, 'validProfile')),
    PROFILE_FIELDS,
  );
}

/** How firestore.rules write a check of a field's allowed values. */
function allowedRule(wire: string, allowed: AllowedValues): string {
  if ('oneOf' in allowed) {
    return `data.${wire} in [${allowed.oneOf.map((value) => `'${value}'`).join(', ')}]`;
  }
  if ('range' in allowed) {
    const [min, max] = allowed.range;
    return `data.${wire} >= ${min} && data.${wire} <= ${max}`;
  }
  return `data.${wire}.matches('${allowed.pattern}')`;
}

/**
 * Where a rules function and a table's allowed values differ: a field whose values the rules
 * check otherwise (or not at all), or a field the rules limit and the table states nothing for.
 */
function allowedMismatches(body: string, table: Record<string, WireField>): string[] {
  const fields = Object.values(table);
  const problems: string[] = [];
  for (const { wire, allowed } of fields) {
    if (allowed && !body.includes(allowedRule(wire, allowed))) {
      problems.push(`${wire}: the rules do not check ${allowedRule(wire, allowed)}`);
    }
  }
  const limited = new Set(
    [...body.matchAll(/data\.(\w+)(?: in \[|\.matches\(| >= )/g)].map((m) => m[1] as string),
  );
  for (const wire of limited) {
    if (!fields.some((field) => field.wire === wire && field.allowed)) {
      problems.push(`${wire}: the rules limit its values, the table states none`);
    }
  }
  return problems;
}

function batchMismatches(rules: string): string[] {
  const body = functionBody(rules, 'validBatch');
  return mismatches(
    listIn(body.slice(body.indexOf('hasOnly('))),
    typesIn(body),
    BATCH_DOCUMENT_FIELDS,
  );
}

describe('firestore.rules and the synced-record tables', () => {
  it('whitelist and type the profile fields exactly as PROFILE_FIELDS does', () => {
    expect(profileMismatches(RULES)).toEqual([]);
  });

  it('whitelist and type the history batch fields exactly as BATCH_DOCUMENT_FIELDS does', () => {
    expect(batchMismatches(RULES)).toEqual([]);
    // The required fields are all required by the rules too.
    const required = listIn(functionBody(RULES, 'validBatch').split('hasAll(')[1] ?? '');
    expect(required.sort()).toEqual(
      Object.values(BATCH_DOCUMENT_FIELDS)
        .filter((field) => field.required)
        .map((field) => field.wire)
        .sort(),
    );
  });

  it('catch a field the rules forgot, a field the table lacks, and a changed type', () => {
    const forgot = RULES.replace("'retention', 'dayStartHour'];", "'dayStartHour'];");
    expect(profileMismatches(forgot)).toContain(
      "retention: in the table, not in the rules' whitelist",
    );
    const extra = RULES.replace(
      "['device', 'count', 'e', 'syncedAt', 'now'])\n        && data.keys().hasAll",
      "['device', 'count', 'e', 'syncedAt', 'now', 'extra'])\n        && data.keys().hasAll",
    );
    expect(batchMismatches(extra)).toContain("extra: in the rules' whitelist, not in the table");
    const retyped = RULES.replace('data.count is int', 'data.count is string');
    expect(batchMismatches(retyped)).toContain('count: the rules check string, the table says int');
  });

  it('check every synced setting among the values settings-schema.ts allows, and no other field', () => {
    const profile = functionBody(RULES, 'validProfile');
    expect(allowedMismatches(profile, PROFILE_FIELDS)).toEqual([]);
    // Every setting of the schema is a profile field that carries its allowed values.
    for (const [name, allowed] of Object.entries(SETTING_VALUES)) {
      expect(PROFILE_FIELDS[name as keyof typeof PROFILE_FIELDS], name).toMatchObject({ allowed });
    }
  });

  it('catch a value the rules lack, a changed bound and a limit the schema does not state', () => {
    const body = (rules: string) => functionBody(rules, 'validProfile');
    const themes = RULES.replace(
      "data.theme in ['light', 'dark', 'system']",
      "data.theme in ['light', 'dark']",
    );
    expect(allowedMismatches(body(themes), PROFILE_FIELDS)).toEqual([
      "theme: the rules do not check data.theme in ['light', 'dark', 'system']",
    ]);
    const goal = RULES.replace('data.dailyGoal <= 200', 'data.dailyGoal <= 500');
    expect(allowedMismatches(body(goal), PROFILE_FIELDS)).toEqual([
      'dailyGoal: the rules do not check data.dailyGoal >= 5 && data.dailyGoal <= 200',
    ]);
    const { allowed: _languages, ...uiLang } = PROFILE_FIELDS.uiLang;
    expect(allowedMismatches(body(RULES), { ...PROFILE_FIELDS, uiLang })).toEqual([
      'uiLang: the rules limit its values, the table states none',
    ]);
  });

  it('take every interface language of the table by its form, so a new language needs no rule', () => {
    const languages = new RegExp(UI_LANG_PATTERN);
    expect(UI_LANGS.filter((lang) => !languages.test(lang))).toEqual([]);
    const profile = functionBody(RULES, 'validProfile');
    expect(profile).toContain(`data.uiLang.matches('${UI_LANG_PATTERN}')`);
    expect(UI_LANGS.filter((lang) => profile.includes(`'${lang}'`))).toEqual([]);
  });

  it('never let a client write isAdmin', () => {
    expect(listIn(functionBody(RULES, 'profileFields'))).not.toContain('isAdmin');
    expect(Object.values(PROFILE_FIELDS).map((field) => field.wire)).not.toContain('isAdmin');
  });
});

/** The type and the size bound the rules check for each field of a curriculum record function. */
function boundsIn(body: string): Map<string, { type: WireType; max?: number }> {
  const found = new Map<string, { type: WireType; max?: number }>();
  for (const [name, type] of typesIn(body)) found.set(name, { type });
  for (const m of body.matchAll(/bounded\(data, '(\w+)', (\d+)\)/g)) {
    found.set(m[1] as string, { type: 'string', max: Number(m[2]) });
  }
  for (const m of body.matchAll(/boundedList\(data, '(\w+)'\)/g)) {
    found.set(m[1] as string, { type: 'list', max: 50 });
  }
  for (const m of body.matchAll(/data\.(\w+)\.size\(\) <= (\d+)/g)) {
    const known = found.get(m[1] as string);
    if (known) known.max = Number(m[2]);
  }
  return found;
}

const RECORD_FUNCTIONS = {
  division: 'validDivisionRecord',
  role: 'validRoleRecord',
  topic: 'validTopicRecord',
  word: 'validWordRecord',
  exam: 'validExamRecord',
} as const;

function recordMismatches(rules: string, kind: keyof typeof RECORD_FUNCTIONS): string[] {
  const body = functionBody(rules, RECORD_FUNCTIONS[kind]);
  const table: Record<string, BoundedField> = CURRICULUM_RECORD_FIELDS[kind];
  const checked = boundsIn(body);
  const problems = mismatches(
    listIn(body),
    new Map([...checked].map(([name, bound]) => [name, bound.type])),
    table,
  );
  for (const field of Object.values(table)) {
    const bound = checked.get(field.wire);
    if (bound && field.max !== undefined && bound.max !== field.max) {
      problems.push(
        `${field.wire}: the rules bound ${bound.max ?? 'nothing'}, the table ${field.max}`,
      );
    }
  }
  return problems;
}

describe('firestore.rules and the curriculum tables', () => {
  it('whitelist the curriculum document fields as CURRICULUM_DOC_FIELDS does', () => {
    const whitelist = listIn(functionBody(RULES, 'curriculumDocFields'));
    expect(whitelist.sort()).toEqual(
      Object.values(CURRICULUM_DOC_FIELDS)
        .map((f) => f.wire)
        .sort(),
    );
    const required = listIn(functionBody(RULES, 'validCurriculumDoc').split('hasAll(')[1] ?? '');
    expect(required.sort()).toEqual(
      Object.values(CURRICULUM_DOC_FIELDS)
        .filter((field) => field.required)
        .map((field) => field.wire)
        .sort(),
    );
  });

  it.each(Object.keys(RECORD_FUNCTIONS) as (keyof typeof RECORD_FUNCTIONS)[])(
    'whitelist, type and bound every field of a %s record as the table does',
    (kind) => {
      expect(recordMismatches(RULES, kind)).toEqual([]);
    },
  );

  it('catch a forgotten field and a changed bound', () => {
    const forgot = RULES.replace(
      "'spell', 'noSpell', 'ref', 'note'])",
      "'spell', 'noSpell', 'ref'])",
    );
    expect(recordMismatches(forgot, 'word')).toContain(
      "note: in the table, not in the rules' whitelist",
    );
    const looser = RULES.replace("bounded(data, 'ref', 500)", "bounded(data, 'ref', 5000)");
    expect(recordMismatches(looser, 'word')).toContain('ref: the rules bound 5000, the table 500');
  });

  it('let only the admin claim write, any signed-in user read, and nobody delete', () => {
    const block = RULES.slice(RULES.indexOf('match /curriculum/{docId}'));
    expect(block).toMatch(/allow read: if request\.auth != null;/);
    expect(block).toMatch(/allow create, update: if isAdmin\(\)/);
    expect(block).toMatch(/allow delete: if false;/);
  });

  it('accept the document ids the app makes', () => {
    const pattern = /docId\.matches\('([^']+)'\)/.exec(RULES)?.[1] as string;
    for (const [kind, id] of [
      ['topic', 'deck::Mooring'],
      ['word', 'dk002'],
      ['division', 'a name with spaces and ünïcode'],
    ] as const) {
      expect(curriculumDocId(kind, id)).toMatch(new RegExp(pattern));
    }
  });
});

/** Where a table's size bounds and the rules' differ; empty when they agree. */
function boundMismatches(body: string, table: Record<string, WireField>): string[] {
  const checked = boundsIn(body);
  return Object.values(table)
    .filter((field) => field.max !== undefined && checked.get(field.wire)?.max !== field.max)
    .map(
      (field) =>
        `${field.wire}: the rules bound ${checked.get(field.wire)?.max ?? 'nothing'}, the table ${field.max}`,
    );
}

describe('firestore.rules bound every value', () => {
  it('bound the profile and batch strings and lists as the tables do', () => {
    expect(boundMismatches(functionBody(RULES, 'validProfile'), PROFILE_FIELDS)).toEqual([]);
    expect(boundMismatches(functionBody(RULES, 'validBatch'), BATCH_DOCUMENT_FIELDS)).toEqual([]);
    const looser = RULES.replace('data.email.size() <= 254', 'data.email.size() <= 2540');
    expect(boundMismatches(functionBody(looser, 'validProfile'), PROFILE_FIELDS)).toEqual([
      'email: the rules bound 2540, the table 254',
    ]);
  });

  it('bound a history batch whole: its entries one string of limited length, 1-500 of them', () => {
    const batch = functionBody(RULES, 'validBatch');
    // Rules cannot loop over a list: a list of entries could be bounded in number, not in size.
    expect(batch).not.toMatch(/ is list/);
    expect(batch).toContain(
      `data.e is string && data.e.size() >= 2 && data.e.size() <= ${HISTORY_BATCH_MAX_CHARS}`,
    );
    expect(batch).toContain(
      `data.count is int && data.count >= 1 && data.count <= ${HISTORY_BATCH_MAX_ENTRIES}`,
    );
    // Every field is bounded: a string by its size, the time by the server's, the sender's
    // clock reading by the ceiling of every time of the history (not by the server's time: a
    // clock a year ahead must still push).
    for (const field of Object.values(BATCH_DOCUMENT_FIELDS)) {
      if (field.type === 'string') expect(field.max).toBeGreaterThan(0);
    }
    expect(batch).toContain("optional(data, 'now', 'number')");
    expect(batch).toContain(
      `(!('now' in data) || (data.now >= 0 && data.now <= ${BATCH_NOW_MAX}))`,
    );
    expect(batch).not.toMatch(/data\.now <= request\.time/);
    const looser = RULES.replace(
      `data.e.size() <= ${HISTORY_BATCH_MAX_CHARS}`,
      'data.e.size() <= 1048487',
    );
    expect(boundMismatches(functionBody(looser, 'validBatch'), BATCH_DOCUMENT_FIELDS)).toEqual([
      `e: the rules bound 1048487, the table ${HISTORY_BATCH_MAX_CHARS}`,
    ]);
  });

  it("bound an account's history by its counter: one counted batch a commit, within the bounds", () => {
    const counted = functionBody(RULES, 'countedBatch');
    expect(counted).toContain('let after = getAfter(historyCounter(uid)).data;');
    expect(counted).toContain('after.last == batchId');
    expect(counted).toContain("after.n == countedBefore(uid, 'n') + 1");
    expect(counted).toContain("after.c >= countedBefore(uid, 'c') + data.e.size()");
    expect(counted).toContain(`after.n <= ${HISTORY_ACCOUNT_MAX_BATCHES}`);
    expect(counted).toContain(`after.c <= ${HISTORY_ACCOUNT_MAX_BYTES}`);
    // Every batch is held to it, and the counter moves only with the new batch it names.
    expect(RULES).toMatch(
      /allow create: if signedInAs\(uid\) && validId\(batchId\) && validBatch\(request\.resource\.data\)\s+&& countedBatch\(uid, batchId, request\.resource\.data\);/,
    );
    const counter = functionBody(RULES, 'validCounter');
    const wires = Object.values(HISTORY_COUNTER_FIELDS).map((field) => field.wire);
    expect(listIn(counter.split('hasOnly(')[1] ?? '')).toEqual(wires);
    expect(listIn(counter.split('hasAll(')[1] ?? '')).toEqual(wires);
    expect(counter).toContain(
      '!exists(/databases/$(database)/documents/users/$(uid)/history/$(data.last))',
    );
    expect(counter).toContain(
      'existsAfter(/databases/$(database)/documents/users/$(uid)/history/$(data.last))',
    );
    expect(RULES).toMatch(/match \/meta\/history \{[^}]*allow delete: if false;/);
  });

  it('hold the history segments to the table, in order, and to their counter within its bounds', () => {
    const segment = functionBody(RULES, 'validSegment');
    const wires = Object.values(SEGMENT_DOCUMENT_FIELDS).map((field) => field.wire);
    expect(listIn(segment.split('hasOnly(')[1] ?? '')).toEqual(wires);
    expect(listIn(segment.split('hasAll(')[1] ?? '')).toEqual(wires);
    expect(segment).toContain(`segId.matches('${SEGMENT_ID_PATTERN}')`);
    expect(segment).toContain(
      `data.e is string && data.e.size() >= 2 && data.e.size() <= ${SEGMENT_DOCUMENT_FIELDS.entries.max}`,
    );
    expect(segment).toContain(
      `data.count is int && data.count >= 1 && data.count <= ${SEGMENT_MAX_ENTRIES}`,
    );
    expect(segment).toContain('data.to <= request.time.toMillis()');
    const counted = functionBody(RULES, 'countedSegment');
    expect(counted).toContain(`after.n <= ${SEGMENT_ACCOUNT_MAX_WRITES}`);
    expect(counted).toContain(`after.c <= ${SEGMENT_ACCOUNT_MAX_BYTES}`);
    expect(counted).toContain('after.c >= before.c + data.e.size() - replaced');
    expect(RULES).toMatch(
      /allow update: if signedInAs\(uid\) && validSegment\(segId, request\.resource\.data\)\s+&& keepsSegment\(request\.resource\.data, resource\.data\)\s+&& countedSegment\(uid, segId, request\.resource\.data, resource\.data\.e\.size\(\)\);/,
    );
    // A rewrite of the open segment never holds less than it replaces: a new device trusts its
    // `to` and pulls only the batches after it.
    const kept = functionBody(RULES, 'keepsSegment');
    expect(kept).toContain('data.count >= stored.count');
    expect(kept).toContain('data.e.size() >= stored.e.size()');
    expect(RULES).toMatch(/match \/historySegments\/\{segId\} \{[^}]*allow delete: if false;/);
    expect(RULES).toMatch(/match \/meta\/segments \{[^}]*allow delete: if false;/);
  });

  it('hold client times to at most five minutes ahead of the server, and ids to one pattern', () => {
    const time = functionBody(RULES, 'validTime');
    expect(time).toContain(`request.time.toMillis() + ${CLOCK_SKEW_MS}`);
    expect(functionBody(RULES, 'validProfile')).toContain("validTime(data, 'createdAt')");
    const word = functionBody(RULES, 'validWord');
    expect(word).toContain("validTime(data, 'updatedAt')");
    expect(word).toContain("validTime(data, 'lastSeenAt')");
    expect(functionBody(RULES, 'validId')).toContain(`'${DOCUMENT_ID_PATTERN}'`);
    expect(RULES).toMatch(/signedInAs\(uid\) && validId\(uid\)/);
    expect(RULES).toMatch(/validId\(batchId\) && validBatch/);
  });

  it('keep the old word documents consistent: counters bounded, correct within attempts', () => {
    const word = functionBody(RULES, 'validWord');
    expect(word).toContain('data.attempts <= 1000000');
    expect(word).toContain('data.correct <= data.attempts');
    expect(word).toContain('data.streak <= 1000000');
  });
});
