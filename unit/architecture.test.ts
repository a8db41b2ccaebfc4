/**
 * The dependency direction is the layer table of docs/architecture.md, checked on where imports
 * lead: the TypeScript compiler resolves every import of src/ and sw/, and each (layer of the
 * file, layer of the target) is judged against the table. Probe files, held in memory and read
 * as if they stood in each layer, prove the check bites however an import is spelled.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Import, readImports } from './architecture/import-graph';
import {
  type Finding,
  judge,
  layerOf,
  parseLayerTable,
  type Rule,
} from './architecture/layer-table';

const root = join(import.meta.dirname, '..');
const layers = parseLayerTable(readFileSync(join(root, 'docs', 'architecture.md'), 'utf8'));

/** The folders whose every source file the table must place. */
const SOURCES = ['src', 'sw'];
const SCRIPT = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** A probe: a file of `folder` holding `code`; a bare specifier stands for `import '<it>';`. */
type Probe = readonly [folder: string, code: string];
type RefusedProbe = readonly [folder: string, code: string, rule: Rule];

const statement = (code: string) => (/[;\s]/.test(code) ? code : `import '${code}';`);

/** Imports each layer may not make, and the rule that refuses each. */
const REFUSED: readonly RefusedProbe[] = [
  ['src/domain', '@/db/open', 'layer'],
  ['src/domain', 'idb', 'package'],
  ['src/domain', 'react', 'package'],
  ['src/domain', '../data/vocabulary/builtin', 'layer'],
  ['src/db', '@/stores/auth-store', 'layer'],
  ['src/db', 'firebase/auth', 'package'],
  ['src/db', 'react', 'package'],
  ['src/db', '@/ui/icons', 'layer'],
  ['src/db', '@/i18n', 'layer'],
  ['src/db', '@/app/router', 'layer'],
  ['src/auth', '@/stores/auth-store', 'layer'],
  ['src/auth', '@/sync/engine', 'layer'],
  ['src/sync', '@/auth/auth-provider', 'layer'],
  ['src/sync', '@/features/home/home-screen', 'layer'],
  ['src/stores', '@/features/quiz/quiz-screen', 'layer'],
  ['src/stores', '@/app/router', 'layer'],
  ['src/stores', 'idb', 'package'],
  ['src/features/home', '@/routes/index', 'layer'],
  ['src/features/home', 'firebase/firestore/lite', 'package'],
  ['src/ui', '@/features/quiz/quiz-screen', 'layer'],
  ['src/ui', '@/db/open', 'layer'],
  ['src/ui', '@/stores/auth-store', 'layer'],
  ['src/i18n', '@/stores/auth-store', 'layer'],
  // Each feature is its own layer, and none reaches into db/.
  ['src/features/profile', '@/features/home/home-screen', 'layer'],
  ['src/features/shell', '@/db/instance', 'layer'],
  ['src/routes', '@/db/open', 'layer'],
  ['src/routes', '@/auth/firebase-auth', 'layer'],
  ['src/app', 'idb', 'package'],
  ['sw', '@/stores/auth-store', 'layer'],
  ['sw', 'react', 'package'],
  // The Firebase floor sits under auth/ and sync/: it reaches up to nothing ...
  ['src/firebase', '@/auth/firebase-auth', 'layer'],
  ['src/firebase', '@/sync/firestore-remote', 'layer'],
  ['src/firebase', '@/stores/auth-store', 'layer'],
  ['src/firebase', '@/db/open', 'layer'],
  ['src/firebase', '@/routes/index', 'layer'],
  ['src/firebase', 'idb', 'package'],
  ['src/firebase', 'react', 'package'],
  // ... and only auth/, sync/ and the worker start Firebase through it; the configuration alone
  // (is this the cloud edition?) is for stores/ and app/ too.
  ['src/domain', '@/firebase/config', 'layer'],
  ['src/db', '@/firebase/config', 'layer'],
  ['src/ui', '@/firebase/config', 'layer'],
  ['src/features/home', '@/firebase/config', 'layer'],
  ['src/routes', '@/firebase/config', 'layer'],
  ['src/stores', '@/firebase/auth-instance', 'layer'],
  ['src/app', '@/firebase/app', 'layer'],
  // However the path is spelled, the check reads where it leads: relative, through `./`, with
  // an empty or a `.` step, or back out of an alias ...
  ['src/stores', '@//features/home/home-screen', 'layer'],
  ['src/stores', '@/./features/home/home-screen', 'layer'],
  ['src/stores', '../features/home/home-screen', 'layer'],
  ['src/features/profile', '../home/dashboard', 'layer'],
  ['src/features/profile', './../home/dashboard', 'layer'],
  ['src/features/profile', '@/ui/../features/home/home-screen', 'layer'],
  ['src/sync', '../stores/auth-store', 'layer'],
  ['src/ui', '@/ui/../stores/auth-store', 'layer'],
  ['src/db', '@/domain/../stores/auth-store', 'layer'],
  ['src/auth', './../stores/auth-store', 'layer'],
  ['src/routes', '@/stores/../db/open', 'layer'],
  ['src/domain', './../db/open', 'layer'],
  ['src/firebase', './../auth/firebase-auth', 'layer'],
  ['src/firebase', '@/domain/../sync/engine', 'layer'],
  ['src/stores', '@/firebase/config/../app', 'layer'],
  ['sw', '@/sync/../stores/auth-store', 'layer'],
  // ... and whatever the form of the import.
  ['src/stores', "import { screen } from '@/features/home/home-screen';", 'layer'],
  ['src/stores', "import type { Screen } from '@/features/home/home-screen';", 'layer'],
  ['src/stores', "export { screen } from '@/features/home/home-screen';", 'layer'],
  ['src/stores', "export * from '@/features/home/dashboard';", 'layer'],
  ['src/stores', "export const load = () => import('@/features/home/home-screen');", 'layer'],
  ['src/stores', "export type Screen = typeof import('@//features/home/home-screen');", 'layer'],
  ['src/stores', '@/features/home/home.css', 'layer'],
  [
    'src/stores',
    "export const url = new URL('../features/home/home.css', import.meta.url);",
    'layer',
  ],
  // An import that leaves its folder is written with @/, even where the layer may go.
  ['src/stores', '../db/instance', 'spelling'],
  ['src/stores', './../db/instance', 'spelling'],
  ['src/routes', '@//features/home/home-screen', 'spelling'],
  // What no check can follow is refused, and so is a file in no layer.
  ['src/stores', "const name = 'x';\nexport const load = () => import(name);", 'unresolved'],
  ['src/stores', "export const all = import.meta.glob('@/features/*/*.tsx');", 'unresolved'],
  ['src/stores', "export const all = import.meta.glob(['@/features/home/*.tsx']);", 'unresolved'],
  ['src/stores', "export const all = import.meta.glob('@/features/home/home-*.tsx');", 'layer'],
  ['src/stores', '@/features/home/no-such-file', 'unresolved'],
  ['src/widgets', '@/domain/srs', 'unplaced'],
];

/** Imports each layer may make. */
const ALLOWED: readonly Probe[] = [
  ['src/domain', './srs'],
  ['src/domain', 'nanoid'],
  ['src/domain', 'ts-fsrs'],
  ['src/db', '@/domain/srs'],
  ['src/db', 'idb'],
  ['src/db', "export const url = new URL('./vocabulary-worker.ts', import.meta.url);"],
  ['src/stores', '@/db/open'],
  ['src/features/home', '@/stores/auth-store'],
  ['src/features/home', './home-screen'],
  ['src/features/home', "import type { Screen } from './home-screen';"],
  ['src/routes', '@/features/home/home-screen'],
  ['src/app', '@/db/instance'],
  ['src/i18n', "export const load = () => import('./messages/account');"],
  ['src/i18n', "export const all = import.meta.glob('./messages/acc*.ts');"],
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

const PROBES: readonly Probe[] = [...REFUSED, ...ALLOWED].map(([folder, code]) => [folder, code]);
const probeFile = (index: number) => {
  const [folder] = PROBES[index] as Probe;
  return `${folder}/zz-architecture-probe-${index}.ts`;
};

/** The source files of src/ and sw/ on disk. */
function sourceFiles(): string[] {
  return SOURCES.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((path) => `${folder}/${path.split('\\').join('/')}`)
      .filter((path) => SCRIPT.test(path)),
  );
}

let files: string[];
let imports: Import[];
beforeAll(() => {
  ({ files, imports } = readImports({
    root,
    // The root config's own include holds the tests too; the app's sources are enough here.
    configs: [{ config: 'tsconfig.json', include: ['src'] }, { config: 'sw/tsconfig.json' }],
    select: (file) => SOURCES.some((folder) => file.startsWith(`${folder}/`)),
    probes: new Map(PROBES.map(([, code], index) => [probeFile(index), `${statement(code)}\n`])),
  }));
});

const importsOf = (file: string) => imports.filter((entry) => entry.file === file);
const findingsOf = (file: string): Finding[] =>
  importsOf(file).flatMap((entry) => judge(layers, entry));

describe('the layer table of docs/architecture.md', () => {
  it('places every source file of src/ and sw/ in a layer', () => {
    expect(sourceFiles().filter((file) => !layerOf(layers, file))).toEqual([]);
  });

  it('names only its own layers and files that exist', () => {
    const names = new Set(layers.map((layer) => layer.name));
    const unknown = layers.flatMap((layer) =>
      layer.mayImport.filter((item) =>
        item.startsWith('`') ? !existsSync(join(root, item.slice(1, -1))) : !names.has(item),
      ),
    );
    expect(layers.length).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  });
});

describe('every import of src/ and sw/', () => {
  it('is read: the compiler reads every source file', () => {
    const read = new Set(files);
    expect(sourceFiles().filter((file) => !read.has(file))).toEqual([]);
  });

  it('follows the layer table', () => {
    const real = imports.filter((entry) => !entry.file.includes('zz-architecture-probe-'));
    expect(real.length).toBeGreaterThan(1000);
    expect(real.flatMap((entry) => judge(layers, entry)).map((finding) => finding.message)).toEqual(
      [],
    );
  });
});

describe('dependency direction', () => {
  it.each(REFUSED.map((probe, index) => [...probe, index] as const))(
    '%s refuses %s (%s)',
    (_folder, _code, rule, index) => {
      const findings = findingsOf(probeFile(index));
      expect(findings.map((finding) => finding.rule)).toContain(rule);
    },
  );

  it.each(ALLOWED.map((probe, index) => [...probe, REFUSED.length + index] as const))(
    '%s may import %s',
    (_folder, _code, index) => {
      const file = probeFile(index);
      // The probe was read and its import resolved: an allowed import that was never seen
      // would pass for the wrong reason.
      expect(importsOf(file).map((entry) => 'unresolved' in entry.target)).toEqual([false]);
      expect(findingsOf(file).map((finding) => finding.message)).toEqual([]);
    },
  );
});

describe('import cycles', () => {
  /** A scratch project: the real biome.json (without the git integration) and nothing else. */
  const scratch = mkdtempSync(join(tmpdir(), 'architecture-'));
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
  });

  it('are refused by the linter', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    delete config.vcs;
    delete config.$schema;
    writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
    const folder = join(scratch, 'src', 'domain');
    mkdirSync(folder, { recursive: true });
    const a = join(folder, 'zz-cycle-a.ts');
    const b = join(folder, 'zz-cycle-b.ts');
    writeFileSync(a, "import { b } from './zz-cycle-b';\n\nexport const a = () => b();\n");
    writeFileSync(b, "import { a } from './zz-cycle-a';\n\nexport const b = () => a();\n");
    let output = '';
    try {
      execFileSync(
        join(root, 'node_modules', '.bin', 'biome'),
        ['lint', '--only=suspicious/noImportCycles', a, b],
        { cwd: scratch, stdio: 'pipe' },
      );
    } catch (error) {
      const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
      output = `${stdout}${stderr}`;
    }
    expect(output).toMatch(/noImportCycles/);
  });
});
