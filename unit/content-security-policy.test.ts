/**
 * The Content-Security-Policy the build writes into index.html (vite.config.ts): the page's own
 * inline script and style by hash and nothing else inline, no eval, and connections only to the
 * servers of the edition built.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSources, withPolicy } from '../vite.config';

const page = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy of a built page as a map of directive to its sources. */
function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
  if (!content) throw new Error('no policy');
  return new Map(
    content.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the Content-Security-Policy of the built page', () => {
  it("trusts index.html's inline script by the hash of its exact text, and nothing inline else", () => {
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    const css = 'body{margin:0}';
    const built = withPolicy(
      page.replace('</head>', `<style>${css}</style></head>`).replace(
        '<div id="root"></div>',
        // A template's script never runs: the page's script paints templates rebuilt.
        '<div id="root"></div><template id="first-visit"><script>alert(1)</script><style>p{}</style></template>',
      ),
      [],
    );
    const policy = policyOf(built);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(script)]);
    expect(policy.get('style-src')).toEqual(["'self'", sha256(css)]);
    expect(built).not.toMatch(/unsafe-/);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // Before anything it governs.
    expect(built.indexOf('Content-Security-Policy')).toBeLessThan(built.indexOf('<style>'));
    expect(built.indexOf('Content-Security-Policy')).toBeLessThan(built.indexOf('<script>'));
  });

  it('hashes the text the browser hashes: line breaks as its parser reads them', () => {
    const script = "addEventListener('load', () => {\n  document.title = 'x';\n});";
    const windows = `<html><head><meta charset="UTF-8" />\r\n<script>${script.replace(/\n/g, '\r\n')}</script></head></html>`;
    expect(policyOf(withPolicy(windows, [])).get('script-src')).toEqual(["'self'", sha256(script)]);
  });

  it('lets the local edition connect to its own origin only', () => {
    expect(connectSources('e2e')).toEqual([]);
    expect(policyOf(withPolicy(page, connectSources('e2e'))).get('connect-src')).toEqual([
      "'self'",
    ]);
  });

  it("lets the cloud edition reach Firebase's Auth and Firestore, and the emulators it was built for", () => {
    const sources = connectSources('e2e-cloud');
    expect(sources).toEqual(
      expect.arrayContaining([
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
      ]),
    );
    const emulators = sources.filter((source) => source.startsWith('http://'));
    expect(emulators).toHaveLength(2);
    for (const origin of emulators) expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
