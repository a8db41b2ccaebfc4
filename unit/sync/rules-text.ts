/**
 * firestore.rules as text, the body of one of its functions, and its match paths with their
 * operations, for the tests that read it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const RULES = readFileSync(resolve(import.meta.dirname, '../../firestore.rules'), 'utf8');

/** The body of `function name(...) { ... }` in the rules (up to the next function or match). */
export function functionBody(rules: string, name: string): string {
  const start = rules.indexOf(`function ${name}(`);
  if (start < 0) throw new Error(`firestore.rules has no function ${name}`);
  const rest = rules.slice(start + 1);
  const end = rest.search(/\n\s*(function |match )/);
  return end < 0 ? rest : rest.slice(0, end);
}

export type Op = 'get' | 'list' | 'create' | 'update' | 'delete';
const EXPANDS: Record<string, readonly Op[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

/** A rules path below /databases/{database}/documents, its operations and their conditions. */
export interface RulesMatch {
  path: string;
  allow: Map<Op, string>;
}

/** The `match` blocks of a rules text (nested paths joined) with their `allow` statements. */
export function parseRules(rules: string): RulesMatch[] {
  const text = rules.replace(/\/\/[^\n]*/g, '');
  const found = new Map<string, RulesMatch>();
  // One frame per open brace: a match's joined path, or null for any other block.
  const stack: (string | null)[] = [];
  const token = /match\s+(\S+)\s*\{|allow\s+([a-z,\s]+?)\s*:\s*if\s+([\s\S]*?);|\{|\}/g;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m[1] !== undefined) {
      const parent = stack.filter((frame) => frame !== null).at(-1) ?? '';
      stack.push(`${parent}${m[1]}`);
      continue;
    }
    if (m[2] !== undefined) {
      const current = stack.filter((frame) => frame !== null).at(-1) ?? '';
      const path = current.replace(/^\/databases\/\{database\}\/documents\/?/, '');
      const match = found.get(path) ?? { path, allow: new Map<Op, string>() };
      found.set(path, match);
      for (const word of m[2].split(',').map((w) => w.trim())) {
        for (const op of EXPANDS[word] ?? []) match.allow.set(op, (m[3] as string).trim());
      }
      continue;
    }
    if (m[0] === '{') stack.push(null);
    else stack.pop();
  }
  return [...found.values()].filter((match) => match.allow.size > 0);
}
