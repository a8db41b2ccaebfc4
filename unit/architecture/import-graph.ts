/**
 * Every import of the app's sources, resolved by the TypeScript compiler to a file or a package,
 * whatever its spelling: the compiler lists a file's module references (`import`, `export … from`,
 * `import()`, `import type`, `typeof import()`) and resolves each with its tsconfig's `@/` alias;
 * a walk of the syntax adds `new URL(…, import.meta.url)` (how Vite bundles a worker) and each
 * file an `import.meta.glob` of a literal pattern matches (a `*` in the file name only), and
 * refuses what no resolver can follow (an `import()` of an expression, any other glob).
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API, type Checker, type Project } from 'typescript/unstable/sync';

/** Where an import leads: a file of the repository, a package, or nowhere the check can follow. */
export type Target = { file: string } | { package: string } | { unresolved: string };

export interface Import {
  /** The importing file, relative to the repository, with `/` separators (so are targets). */
  file: string;
  line: number;
  specifier: string;
  target: Target;
}

export interface ImportGraphOptions {
  root: string;
  /**
   * The tsconfig files whose programs hold the sources (relative to root), each optionally with
   * the folders to read instead of its own `include` (the root config also holds the tests).
   */
  configs: readonly { config: string; include?: readonly string[] }[];
  /** Which files' imports to read (relative to root). */
  select: (file: string) => boolean;
  /**
   * Files that exist only in memory (relative path → text), read as if they stood in the tree:
   * each is compiled by the config of the nearest folder that has one of `configs`.
   */
  probes?: ReadonlyMap<string, string>;
}

/**
 * The in-memory tsconfig read beside each real one: its alias and module options, without the
 * global types and libraries, which resolve nothing and cost most of the compiler's time.
 */
const CONFIG = 'zz-architecture.tsconfig.json';
/** The in-memory tsconfig that puts the probes beside it. */
const PROBE_CONFIG = 'zz-architecture-probes.tsconfig.json';

const posix = (path: string) => path.split(sep).join('/');

/** A package's name from a file inside node_modules: `@types/react/index.d.ts` → `react`. */
function packageOfPath(path: string): string {
  const inside = path.slice(path.lastIndexOf('/node_modules/') + '/node_modules/'.length);
  const [first = '', second = ''] = inside.split('/');
  const name = first.startsWith('@') ? `${first}/${second}` : first;
  if (!name.startsWith('@types/')) return name;
  const typed = name.slice('@types/'.length);
  return typed.includes('__') ? `@${typed.replace('__', '/')}` : typed;
}

/** A bare specifier's package name: `firebase/auth` → `firebase`, `@scope/x/y` → `@scope/x`. */
function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * Collects and resolves the imports of every selected file of the configs' programs and of the
 * probes; `files` names every file read. One compiler process reads all the programs at once.
 */
export function readImports(options: ImportGraphOptions): { files: string[]; imports: Import[] } {
  const { root } = options;
  const fromRoot = (path: string) => posix(relative(root, path));
  const probes = new Map(
    [...(options.probes ?? [])].map(([path, text]) => [resolve(root, path), text] as const),
  );
  const virtual = new Map<string, string>();
  const configs = options.configs.map(({ config, include }) => {
    const real = resolve(root, config);
    const lean = resolve(dirname(real), CONFIG);
    virtual.set(
      lean,
      JSON.stringify({
        extends: `./${basename(real)}`,
        compilerOptions: { noLib: true, types: [] },
        ...(include ? { include } : {}),
      }),
    );
    return lean;
  });
  // Each probe goes to the config of its nearest configured folder (sw/ has its own).
  const probeConfigs = new Map<string, string[]>();
  for (const probe of probes.keys()) {
    const owner = configs
      .filter((config) => probe.startsWith(dirname(config) + sep))
      .sort((a, b) => b.length - a.length)[0];
    if (!owner) throw new Error(`no tsconfig holds the probe ${probe}`);
    const probeConfig = resolve(dirname(owner), PROBE_CONFIG);
    probeConfigs.set(probeConfig, [...(probeConfigs.get(probeConfig) ?? []), probe]);
  }
  for (const [probeConfig, files] of probeConfigs)
    virtual.set(probeConfig, JSON.stringify({ extends: `./${CONFIG}`, include: [], files }));
  const virtualFile = (path: string) => probes.get(path) ?? virtual.get(path);
  const exists = (path: string) => virtualFile(path) !== undefined || existsSync(path);
  /** The files of a folder, the probes in it included. */
  const filesIn = (folder: string): string[] => [
    ...(existsSync(folder) ? readdirSync(folder) : []).map((name) => resolve(folder, name)),
    ...[...probes.keys()].filter((path) => dirname(path) === folder),
  ];

  const api = new API({
    cwd: root,
    // Only the probes and the configs are in memory; everything else falls back to the disk.
    fs: {
      readFile: (path) => virtualFile(path),
      fileExists: (path) => (virtualFile(path) !== undefined ? true : undefined),
    },
  });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [...configs, ...probeConfigs.keys()] });
    const imports: Import[] = [];
    const files: string[] = [];
    const seen = new Set<string>();
    for (const project of snapshot.getProjects()) {
      const isProbeProject = probeConfigs.has(project.configFileName);
      for (const fileName of project.program.getSourceFileNames()) {
        const file = fromRoot(fileName);
        const isProbe = probes.has(fileName);
        if (isProbe !== isProbeProject || !(isProbe || options.select(file))) continue;
        if (seen.has(fileName)) continue;
        seen.add(fileName);
        files.push(file);
        const source = project.program.getSourceFile(fileName);
        if (!source) throw new Error(`the compiler has no source for ${fileName}`);
        imports.push(...importsOf(source, file, project, fromRoot, exists, filesIn));
      }
    }
    return { files, imports };
  } finally {
    api.close();
  }
}

/**
 * Text that may hold an `import(…)` or `import.meta` (comments allowed between the tokens, as the
 * grammar allows): only such files need the walk, which costs more than the rest of the check.
 */
const MAY_REFER = /\bimport\s*(?:(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)\s*)*[(.]/;

/** The imports of one source file. */
function importsOf(
  source: SourceFile,
  file: string,
  project: Project,
  fromRoot: (path: string) => string,
  exists: (path: string) => boolean,
  filesIn: (folder: string) => string[],
): Import[] {
  const lineOf = (node: Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const paths = pathMapping(project);
  /** A path-like specifier as a file (the spelling Vite bundles: no extension is added). */
  const asPath = (specifier: string): string | undefined => {
    if (specifier.startsWith('.')) return resolve(dirname(source.fileName), specifier);
    for (const [prefix, targets] of paths) {
      if (!specifier.startsWith(prefix)) continue;
      const rest = specifier.slice(prefix.length);
      return targets.map((target) => target.replace('*', rest)).find(exists) ?? targets[0];
    }
    return undefined;
  };
  /** A glob's path-like pattern as an absolute pattern (the first target of an alias). */
  const asGlobPath = (pattern: string): string | undefined => {
    if (pattern.startsWith('.')) return resolve(dirname(source.fileName), pattern);
    const mapped = paths.find(([prefix]) => pattern.startsWith(prefix));
    const target = mapped?.[1][0];
    return mapped && target ? target.replace('*', pattern.slice(mapped[0].length)) : undefined;
  };
  const fileTarget = (path: string): Target =>
    exists(path) ? { file: fromRoot(path) } : { unresolved: 'no such file' };

  const references = source.imports.filter(isLiteral);
  const symbols = resolveModules(project.checker, references);
  const found: Import[] = references.map((node, index) => {
    const specifier = node.text;
    const declaration = symbols[index]?.declarations?.[0];
    let target: Target;
    if (declaration?.kind === SyntaxKind.SourceFile)
      target = declaration.path.includes('/node_modules/')
        ? { package: packageOfPath(declaration.path) }
        : { file: fromRoot(declaration.path) };
    else {
      // Not a module the compiler reads: a stylesheet or another asset (typed, if at all, by a
      // wildcard such as vite/client's `*.css`) is still a file of the tree; a bare name that a
      // package's types declare (`virtual:pwa-register`) is that package.
      const path = asPath(specifier);
      if (path) target = fileTarget(path);
      else if (declaration) target = { package: packageOfSpecifier(specifier) };
      else target = { unresolved: 'the compiler cannot resolve it' };
    }
    return { file, line: lineOf(node), specifier, target };
  });

  // What the compiler does not list: Vite's `new URL('./x', import.meta.url)`, and imports whose
  // target is an expression, which no check can follow.
  const visit = (node: Node): void => {
    if (isImportCall(node)) {
      const [argument] = node.arguments;
      if (!argument || !isLiteral(argument))
        found.push({
          file,
          line: lineOf(node),
          specifier: node.getText(source),
          target: { unresolved: 'an import() of an expression: name the module' },
        });
    } else if (isImportMetaGlob(node)) {
      const [argument] = node.arguments;
      const pattern = argument && isLiteral(argument) ? argument.text : undefined;
      const path = pattern === undefined ? undefined : asGlobPath(pattern);
      const name = path === undefined ? undefined : globName(basename(path));
      if (path === undefined || name === undefined || dirname(path).includes('*'))
        found.push({
          file,
          line: lineOf(node),
          specifier: node.getText(source),
          target: {
            unresolved: 'import.meta.glob: one literal pattern with * in the file name only',
          },
        });
      else
        for (const match of filesIn(dirname(path)).filter((each) => name.test(basename(each))))
          found.push({
            file,
            line: lineOf(node),
            specifier: pattern ?? '',
            target: fileTarget(match),
          });
    } else if (isUrlOfModule(node)) {
      const [argument] = node.arguments;
      const literal = argument && isLiteral(argument) ? argument.text : undefined;
      const path = literal === undefined ? undefined : asPath(literal);
      found.push({
        file,
        line: lineOf(node),
        specifier: literal ?? node.getText(source),
        target: path
          ? fileTarget(path)
          : { unresolved: 'a URL of import.meta.url the check cannot follow: name the file' },
      });
    }
    node.forEachChild(visit);
  };
  if (MAY_REFER.test(source.text)) visit(source);
  return found;
}

/** The module symbol of each specifier, in one request. */
function resolveModules(checker: Checker, nodes: readonly Node[]) {
  return nodes.length === 0 ? [] : checker.getSymbolAtLocation(nodes);
}

/** The tsconfig's `paths` as (prefix before `*`, absolute targets). */
function pathMapping(project: Project): [prefix: string, targets: string[]][] {
  const options = project.compilerOptions as {
    paths?: Record<string, string[]>;
    pathsBasePath?: string;
  };
  const base = options.pathsBasePath ?? dirname(project.configFileName);
  return Object.entries(options.paths ?? {}).map(([pattern, targets]) => [
    pattern.replace(/\*$/, ''),
    targets.map((target) => resolve(base, target)),
  ]);
}

interface Call extends Node {
  expression: Node;
  arguments: readonly Node[];
}

const isLiteral = (node: Node): node is Node & { text: string } =>
  node.kind === SyntaxKind.StringLiteral || node.kind === SyntaxKind.NoSubstitutionTemplateLiteral;

const isImportCall = (node: Node): node is Call =>
  node.kind === SyntaxKind.CallExpression &&
  (node as Call).expression.kind === SyntaxKind.ImportKeyword;

/** `import.meta`, however it is spaced or commented. */
function isImportMeta(node: Node | undefined): boolean {
  return (
    node?.kind === SyntaxKind.MetaProperty &&
    (node as Node & { keywordToken: SyntaxKind }).keywordToken === SyntaxKind.ImportKeyword
  );
}

/** `import.meta.<name>`. */
function isImportMetaProperty(node: Node | undefined, name: string): boolean {
  if (node?.kind !== SyntaxKind.PropertyAccessExpression) return false;
  const access = node as Node & { expression: Node; name: Node & { text: string } };
  return isImportMeta(access.expression) && access.name.text === name;
}

const isImportMetaGlob = (node: Node): node is Call =>
  node.kind === SyntaxKind.CallExpression &&
  (isImportMetaProperty((node as Call).expression, 'glob') ||
    isImportMetaProperty((node as Call).expression, 'globEager'));

/** A glob's file name (`*.ts`) as a pattern; undefined for more than `*` can say. */
function globName(glob: string): RegExp | undefined {
  if (/[?[\]{}!]|\*\*/.test(glob)) return undefined;
  const parts = glob.split('*').map((part) => part.replace(/[.+^$()|\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]*')}$`);
}

/** `new URL(…, import.meta.url)`: a file Vite bundles. */
const isUrlOfModule = (node: Node): node is Call =>
  node.kind === SyntaxKind.NewExpression &&
  ((node as Call).arguments ?? []).length >= 2 &&
  isImportMetaProperty((node as Call).arguments[1], 'url');
