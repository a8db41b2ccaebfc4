/**
 * firestore.rules against the field tables of the synced records (src/domain/synced-records.ts):
 * the rules' whitelists and type checks must name exactly the tables' fields and types, so a field
 * added to a table and forgotten in the rules (which would fail only in production) fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BATCH_FIELDS,
  PROFILE_FIELDS,
  type WireField,
  type WireType,
} from '@/domain/synced-records';

const RULES = readFileSync(resolve(import.meta.dirname, '../../firestore.rules'), 'utf8');

/** The body of `function name(...) { ... }` in the rules (up to the next function or match). */
function functionBody(rules: string, name: string): string {
  const start = rules.indexOf(`function ${name}(`);
  if (start < 0) throw new Error(`firestore.rules has no function ${name}`);
  const rest = rules.slice(start + 1);
  const end = rest.search(/\n\s*(function |match )/);
  return end < 0 ? rest : rest.slice(0, end);
}

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

function batchMismatches(rules: string): string[] {
  const body = functionBody(rules, 'validBatch');
  return mismatches(listIn(body.slice(body.indexOf('hasOnly('))), typesIn(body), BATCH_FIELDS);
}

describe('firestore.rules and the synced-record tables', () => {
  it('whitelist and type the profile fields exactly as PROFILE_FIELDS does', () => {
    expect(profileMismatches(RULES)).toEqual([]);
  });

  it('whitelist and type the history batch fields exactly as BATCH_FIELDS does', () => {
    expect(batchMismatches(RULES)).toEqual([]);
    // The required fields are all required by the rules too.
    const required = listIn(functionBody(RULES, 'validBatch').split('hasAll(')[1] ?? '');
    expect(required.sort()).toEqual(
      Object.values(BATCH_FIELDS)
        .filter((field) => field.required)
        .map((field) => field.wire)
        .sort(),
    );
  });

  it('catch a field the rules forgot, a field the table lacks, and a changed type', () => {
    const forgot = RULES.replace("'uiLang', 'theme'];", "'uiLang'];");
    expect(profileMismatches(forgot)).toContain("theme: in the table, not in the rules' whitelist");
    const extra = RULES.replace(
      "['device', 'count', 'entries', 'syncedAt'])\n        && data.keys().hasAll",
      "['device', 'count', 'entries', 'syncedAt', 'extra'])\n        && data.keys().hasAll",
    );
    expect(batchMismatches(extra)).toContain("extra: in the rules' whitelist, not in the table");
    const retyped = RULES.replace('data.count is int', 'data.count is string');
    expect(batchMismatches(retyped)).toContain('count: the rules check string, the table says int');
  });

  it('never let a client write isAdmin', () => {
    expect(listIn(functionBody(RULES, 'profileFields'))).not.toContain('isAdmin');
    expect(Object.values(PROFILE_FIELDS).map((field) => field.wire)).not.toContain('isAdmin');
  });
});
