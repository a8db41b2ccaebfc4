/**
 * The layer table of docs/architecture.md, read as the rule it states: which layer a file is in,
 * and whether an import of one layer may reach a file or a package. The page and the check are
 * one text, so they cannot drift.
 */
import type { Import } from './import-graph';

export interface Layer {
  /** `domain`, `features/*` (each folder under it a layer of its own: `features/home`, …). */
  name: string;
  /** `src/domain/` (a folder), `src/features/*\/` (its folders), `src/main.tsx` (one file). */
  files: string[];
  /** Layer names (`features/*` is any feature) and single files in backticks (exceptions). */
  mayImport: string[];
  packages: string[];
}

const HEADER = /^\|\s*layer\s*\|\s*files\s*\|\s*may import\s*\|\s*packages\s*\|\s*why\s*\|\s*$/;
const NONE = new Set(['', '—', '-']);

const list = (cell: string) =>
  cell
    .split(',')
    .map((item) => item.trim())
    .filter((item) => !NONE.has(item));
const unquote = (item: string) => item.replace(/^`(.*)`$/, '$1');

/** The table under the header `| layer | files | may import | packages | why |`. */
export function parseLayerTable(markdown: string): Layer[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => HEADER.test(line));
  if (start < 0)
    throw new Error('no layer table (| layer | files | may import | packages | why |)');
  const layers: Layer[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [name = '', files = '', mayImport = '', packages = ''] = line
      .slice(1, line.lastIndexOf('|'))
      .split('|')
      .map((cell) => cell.trim());
    layers.push({
      name: unquote(name),
      files: [...files.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string),
      mayImport: list(mayImport),
      packages: list(packages).map(unquote),
    });
  }
  return layers;
}

/** A file's layer (the most specific pattern holding it): its name and its row. */
export function layerOf(
  layers: readonly Layer[],
  file: string,
): { name: string; layer: Layer } | undefined {
  let best: { name: string; layer: Layer; length: number } | undefined;
  for (const layer of layers) {
    for (const pattern of layer.files) {
      const name = matchPattern(pattern, file, layer.name);
      if (name !== undefined && pattern.length > (best?.length ?? -1))
        best = { name, layer, length: pattern.length };
    }
  }
  return best && { name: best.name, layer: best.layer };
}

/** The layer name a pattern gives `file`, or undefined when the pattern does not hold it. */
function matchPattern(pattern: string, file: string, name: string): string | undefined {
  if (!pattern.endsWith('/')) return pattern === file ? name : undefined;
  const wildcard = pattern.indexOf('*');
  if (wildcard < 0) return file.startsWith(pattern) ? name : undefined;
  // `src/features/*/`: the folder in the star's place names the layer.
  const prefix = pattern.slice(0, wildcard);
  if (!file.startsWith(prefix)) return undefined;
  const folder = file.slice(prefix.length).split('/');
  return folder.length > 1 ? name.replace('*', folder[0] as string) : undefined;
}

export type Rule = 'layer' | 'package' | 'spelling' | 'unresolved' | 'unplaced';

export interface Finding {
  rule: Rule;
  /** `file:line specifier: why`. */
  message: string;
}

/** How a path-like import is written: plainly (`./name` in the folder, `@/path` beyond it). */
function isPlain(specifier: string): boolean {
  const relative = specifier.startsWith('./');
  const alias = specifier.startsWith('@/');
  if (!relative && !alias && !specifier.startsWith('.')) return true; // a package
  if (!relative && !alias) return false; // `../x`, `.`, `..`
  return specifier
    .slice(2)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** What is wrong with one import under the table (nothing when it is allowed). */
export function judge(layers: readonly Layer[], entry: Import): Finding[] {
  const { file, line, specifier, target } = entry;
  const at = `${file}:${line} ${specifier}`;
  const from = layerOf(layers, file);
  if (!from) return [{ rule: 'unplaced', message: `${at}: ${file} is in no layer of the table` }];
  const findings: Finding[] = [];
  if (!isPlain(specifier))
    findings.push({
      rule: 'spelling',
      message: `${at}: write ./name inside the folder and @/path beyond it, with no . or .. steps`,
    });
  if ('unresolved' in target) {
    findings.push({ rule: 'unresolved', message: `${at}: ${target.unresolved}` });
  } else if ('package' in target) {
    if (!from.layer.packages.includes(target.package))
      findings.push({
        rule: 'package',
        message: `${at}: ${from.name} may not use the package ${target.package}`,
      });
  } else {
    const to = layerOf(layers, target.file);
    if (!to) findings.push({ rule: 'unplaced', message: `${at}: ${target.file} is in no layer` });
    else if (
      to.name !== from.name &&
      !from.layer.mayImport.includes(to.layer.name) &&
      !from.layer.mayImport.includes(`\`${target.file}\``)
    )
      findings.push({
        rule: 'layer',
        message: `${at}: ${from.name} may not import ${to.name} (${target.file})`,
      });
  }
  return findings;
}
