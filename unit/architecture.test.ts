/**
 * The dependency direction of ARCHITECTURE.md is enforced by the linter; these tests prove the
 * rule bites by linting a probe file placed in each layer.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

/** Lints one import placed in a file of the given folder; returns the diagnostics text, '' when clean. */
function lintImport(folder: string, specifier: string): string {
  const file = join(root, folder, `zz-architecture-probe-${process.pid}.ts`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `import { probe } from '${specifier}';\n\nexport const used = [probe];\n`);
  try {
    execFileSync(biome, ['lint', '--only=style/noRestrictedImports', file], {
      cwd: root,
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
  ])('%s may not import %s', (folder, specifier) => {
    expect(lintImport(folder, specifier)).toMatch(/noRestrictedImports/);
  });

  it.each([
    ['src/domain', './srs'],
    ['src/domain', 'nanoid'],
    ['src/db', '@/domain/srs'],
    ['src/db', 'idb'],
    ['src/stores', '@/db/open'],
    ['src/features', '@/stores/auth-store'],
  ])('%s may import %s', (folder, specifier) => {
    expect(lintImport(folder, specifier)).toBe('');
  });
});
