/**
 * The README and the docs/ pages stay true to the repository: every relative link points to a
 * file (and a heading, when it names one), every `npm run` script they mention exists, and every
 * repository path they quote in backticks is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(path: string): Set<string> {
  const text = readFileSync(join(root, path), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1] as string)));
}

/** Text outside fenced code blocks (a path in a shell example may be an output file). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

describe.each(pages)('%s', (page) => {
  const text = readFileSync(join(root, page), 'utf8');

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const match of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] as string;
      if (/^[a-z]+:/.test(target)) continue; // http:, https:, mailto:
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const path = file ? join(dirname(page), file) : page;
      if (!existsSync(join(root, path))) broken.push(target);
      else if (anchor && path.endsWith('.md') && !anchors(path).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it('names only npm scripts that exist', () => {
    const named = [...text.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1] as string);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('quotes only repository paths that exist', () => {
    const quoted = [...prose(text).matchAll(/`((?:src|sw|e2e|unit|bench|scripts|docs)\/[^`\s]*)`/g)]
      .map((match) => (match[1] as string).replace(/[,.:;)]+$/, ''))
      .filter((path) => !/[*$<>{}]/.test(path));
    expect(quoted.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
