/** firestore.rules as text, and the body of one of its functions, for the tests that read it. */
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
