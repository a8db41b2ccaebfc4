/** `npm run admin-code` (scripts/admin-code-hash.mjs), run as the owner runs it. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAdminCode, parseAdminCodeHash } from '@/auth/admin-code';
import { PBKDF2_ITERATIONS } from '@/domain/constants';

const SCRIPT = fileURLToPath(new URL('../../scripts/admin-code-hash.mjs', import.meta.url));
/** 600,000 iterations twice (the script's and the check's) take a while on a slow machine. */
const SLOW = 60_000;

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The hash of the one VITE_ADMIN_CODE_HASH line on standard output, as the build parses it. */
function hashOf(stdout: string) {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const match = /^VITE_ADMIN_CODE_HASH=(pbkdf2-sha256:\d+:[\w+/=]+:[\w+/=]+)$/.exec(lines[0] ?? '');
  expect(match).not.toBeNull();
  const parsed = parseAdminCodeHash(match?.[1]);
  expect(parsed).not.toBeNull();
  if (!parsed) throw new Error('no hash');
  return parsed;
}

describe('npm run admin-code', () => {
  it(
    'without a code makes a strong one, shows it once, and prints a hash of it',
    async () => {
      const first = run();
      expect(first.status).toBe(0);
      // The code and the note are for the owner's eyes: on the terminal, not in the env line.
      expect(first.stderr).toMatch(/shown only now/);
      expect(first.stderr).toMatch(/owner\s+must keep it/);
      const codes = first.stderr.match(/^ {2}([A-Za-z0-9_-]{24,})$/m);
      const code = codes?.[1] ?? '';
      expect(code.length).toBeGreaterThanOrEqual(24);
      expect(first.stdout).not.toContain(code);

      const stored = hashOf(first.stdout);
      expect(stored.iterations).toBe(PBKDF2_ITERATIONS);
      expect(stored.iterations).toBe(600_000);
      expect(await isAdminCode(code, stored)).toBe(true);
      expect(await isAdminCode(`${code}x`, stored)).toBe(false);

      // Another run, another code.
      const second = run();
      expect(second.stderr.match(/^ {2}([A-Za-z0-9_-]{24,})$/m)?.[1]).not.toBe(code);
    },
    SLOW,
  );

  it(
    'with a code of 8 characters or more prints a hash of that code, and shows no other',
    async () => {
      const given = run('harbour', 'master', '2026');
      expect(given.status).toBe(0);
      expect(given.stderr).toBe('');
      const stored = hashOf(given.stdout);
      expect(stored.iterations).toBe(600_000);
      expect(await isAdminCode('harbour master 2026', stored)).toBe(true);
    },
    SLOW,
  );

  it('refuses a given code shorter than 8 characters', () => {
    const short = run('harbour');
    expect(short.status).toBe(1);
    expect(short.stdout).toBe('');
    expect(short.stderr).toContain('at least 8 characters');
  });
});
