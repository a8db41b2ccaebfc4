/**
 * The dependency direction of ARCHITECTURE.md is enforced by the linter; these tests prove the
 * rule bites by linting probe files placed in each layer (all in one run of biome), in a scratch
 * copy of the project's layout that holds the same biome.json (nothing is written into src/).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

/** Runs biome's lint of `rule` over `files` (paths in the scratch project); its JSON report. */
function lint(rule: string, files: readonly string[]): string {
  try {
    return execFileSync(biome, ['lint', `--only=${rule}`, '--reporter=json', ...files], {
      cwd: scratch,
      stdio: 'pipe',
    }).toString();
  } catch (error) {
    const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
    if (stdout.length === 0) throw new Error(`biome failed: ${stderr}`);
    return stdout.toString();
  }
}

interface Diagnostic {
  category: string;
  location: { path: string };
}

/** Every probe of a test table: an import of `specifier` in a file of `folder`. */
type Probe = readonly [folder: string, specifier: string];

/**
 * Lints all the probes at once (one biome run for the table, not one a probe): each is a file of
 * its own in its folder. Returns, for a probe, the categories of its diagnostics ('' when clean).
 */
function lintImports(probes: readonly Probe[]): (folder: string, specifier: string) => string {
  const files = probes.map(([folder, specifier], index) => {
    const file = join(folder, `zz-architecture-probe-${index}.ts`);
    mkdirSync(join(scratch, folder), { recursive: true });
    writeFileSync(
      join(scratch, file),
      `import { probe } from '${specifier}';\n\nexport const used = [probe];\n`,
    );
    return file;
  });
  let report: { diagnostics: Diagnostic[] };
  try {
    report = JSON.parse(lint('style/noRestrictedImports', files));
  } finally {
    for (const file of files) rmSync(join(scratch, file), { force: true });
  }
  return (folder, specifier) => {
    const file = files[probes.findIndex(([f, spec]) => f === folder && spec === specifier)];
    expect(file, `${folder} imports ${specifier} among the probes`).toBeDefined();
    return report.diagnostics
      .filter((d) => d.location.path === file)
      .map((d) => d.category)
      .join('\n');
  };
}

/** Imports each folder may not make. */
const REFUSED: readonly Probe[] = [
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
];

/** Imports each folder may make. */
const ALLOWED: readonly Probe[] = [
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
];

describe('dependency direction', () => {
  let diagnosticsOf: (folder: string, specifier: string) => string;
  beforeAll(() => {
    diagnosticsOf = lintImports([...REFUSED, ...ALLOWED]);
  });

  it.each(REFUSED)('%s may not import %s', (folder, specifier) => {
    expect(diagnosticsOf(folder, specifier)).toMatch(/noRestrictedImports/);
  });

  it.each(ALLOWED)('%s may import %s', (folder, specifier) => {
    expect(diagnosticsOf(folder, specifier)).toBe('');
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
