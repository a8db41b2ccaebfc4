/**
 * The dependency direction of ARCHITECTURE.md is enforced by the linter; these tests prove the
 * rule bites by linting a probe file placed in each layer, in a scratch copy of the project's
 * layout that holds the same biome.json (nothing is written into src/).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

/** A scratch project: the real biome.json (without the git integration) and nothing else. */
const scratch = mkdtempSync(join(tmpdir(), 'architecture-'));
const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<
  string,
  unknown
>;
delete config.vcs;
delete config.$schema;
writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Lints one import placed in a file of the given folder; returns the diagnostics text, '' when clean. */
function lintImport(folder: string, specifier: string): string {
  const file = join(scratch, folder, 'zz-architecture-probe.ts');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `import { probe } from '${specifier}';\n\nexport const used = [probe];\n`);
  try {
    execFileSync(biome, ['lint', '--only=style/noRestrictedImports', file], {
      cwd: scratch,
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
    return `${stdout}${stderr}`;
  } finally {
    rmSync(file, { force: true });
  }
}

describe('dependency direction', () => {
  it.each([
    ['src/domain', '@/db/open'],
    ['src/domain', 'idb'],
    ['src/domain', 'react'],
    ['src/domain', '../data/vocabulary/builtin'],
    ['src/db', '@/stores/auth-store'],
    ['src/db', 'firebase/auth'],
    ['src/db', 'react'],
    ['src/auth', '@/stores/auth-store'],
    ['src/sync', '@/features/home/home-screen'],
    ['src/stores', '@/features/quiz/quiz-screen'],
    ['src/stores', 'idb'],
    ['src/features', '@/routes/index'],
    ['src/features', 'firebase/firestore/lite'],
    ['src/ui', '@/features/quiz/quiz-screen'],
    ['src/ui', '@/db/open'],
    // Relative imports are fenced too: leaving the folder takes an @/ alias.
    ['src/features/profile', '../home/use-online'],
    ['src/stores', '../db/instance'],
    ['src/sync', '../stores/auth-store'],
    // ... however the path is spelled: through `./` or back out of an alias.
    ['src/features/profile', './../home/use-online'],
    ['src/features/profile', '@/ui/../features/home/home-screen'],
    ['src/stores', './../db/instance'],
    ['src/ui', '@/ui/../stores/auth-store'],
    ['src/db', '@/domain/../stores/auth-store'],
    ['src/auth', './../stores/auth-store'],
    ['src/routes', '@/stores/../db/open'],
    ['src/domain', './../db/open'],
    ['sw', '@/sync/../stores/auth-store'],
    // Each feature is its own zone, and none reaches into db/.
    ['src/features/profile', '@/features/home/home-screen'],
    ['src/features/shell', '@/db/instance'],
    ['src/routes', '@/db/open'],
    ['src/routes', '@/auth/firebase-auth'],
    ['src/app', 'idb'],
    ['sw', '@/stores/auth-store'],
    ['sw', 'react'],
    // The Firebase floor sits under auth/ and sync/: it reaches up to nothing ...
    ['src/firebase', '@/auth/firebase-auth'],
    ['src/firebase', '@/sync/firestore-remote'],
    ['src/firebase', '@/stores/auth-store'],
    ['src/firebase', '@/db/open'],
    ['src/firebase', '@/routes/index'],
    ['src/firebase', 'idb'],
    ['src/firebase', 'react'],
    ['src/firebase', './../auth/firebase-auth'],
    ['src/firebase', '@/domain/../sync/engine'],
    // ... and only auth/, sync/ and the worker start Firebase through it; the configuration alone
    // (is this the cloud edition?) is for stores/ and app/ too.
    ['src/domain', '@/firebase/config'],
    ['src/db', '@/firebase/config'],
    ['src/ui', '@/firebase/config'],
    ['src/features', '@/firebase/config'],
    ['src/routes', '@/firebase/config'],
    ['src/stores', '@/firebase/auth-instance'],
    ['src/stores', '@/firebase/config/../app'],
    ['src/app', '@/firebase/app'],
  ])('%s may not import %s', (folder, specifier) => {
    expect(lintImport(folder, specifier)).toMatch(/noRestrictedImports/);
  });

  it.each([
    ['src/domain', './srs'],
    ['src/domain', 'nanoid'],
    ['src/domain', 'ts-fsrs'],
    ['src/db', '@/domain/srs'],
    ['src/db', 'idb'],
    ['src/stores', '@/db/open'],
    ['src/features', '@/stores/auth-store'],
    ['src/features/home', './home-screen'],
    ['src/routes', '@/features/home/home-screen'],
    ['src/app', '@/db/instance'],
    ['sw', '@/sync/engine'],
    ['src/firebase', './config'],
    ['src/firebase', 'firebase/auth'],
    ['src/firebase', '@/domain/constants'],
    ['src/auth', '@/firebase/auth-instance'],
    ['src/sync', '@/firebase/app'],
    ['sw', '@/firebase/auth-instance'],
    ['sw', '@/firebase/config'],
    ['src/stores', '@/firebase/config'],
    ['src/app', '@/firebase/config'],
  ])('%s may import %s', (folder, specifier) => {
    expect(lintImport(folder, specifier)).toBe('');
  });
});

describe('import cycles', () => {
  it('are refused', () => {
    const folder = join(scratch, 'src', 'domain');
    mkdirSync(folder, { recursive: true });
    const a = join(folder, 'zz-cycle-a.ts');
    const b = join(folder, 'zz-cycle-b.ts');
    writeFileSync(a, "import { b } from './zz-cycle-b';\n\nexport const a = () => b();\n");
    writeFileSync(b, "import { a } from './zz-cycle-a';\n\nexport const b = () => a();\n");
    let output = '';
    try {
      execFileSync(biome, ['lint', '--only=suspicious/noImportCycles', a, b], {
        cwd: scratch,
        stdio: 'pipe',
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
      output = `${stdout}${stderr}`;
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
    expect(output).toMatch(/noImportCycles/);
  });
});
