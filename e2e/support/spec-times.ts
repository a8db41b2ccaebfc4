/**
 * A Playwright reporter that prints, at the end of a run, the time each spec file took: the sum of
 * its tests' durations (retries included) and its slowest test, slowest spec first. The list
 * reporter beside it prints each test; this is the table that shows where a run's minutes go.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface SpecTime {
  total: number;
  tests: number;
  slowest: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SpecTimes implements Reporter {
  private readonly specs = new Map<string, SpecTime>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const file = test.location.file.replace(/^.*[\\/]e2e[\\/]/, 'e2e/');
    const key = project ? `[${project}] ${file}` : file;
    const spec = this.specs.get(key) ?? { total: 0, tests: 0, slowest: 0 };
    spec.total += result.duration;
    spec.tests += 1;
    spec.slowest = Math.max(spec.slowest, result.duration);
    this.specs.set(key, spec);
  }

  onEnd(result: FullResult): void {
    if (this.specs.size === 0) return;
    const rows = [...this.specs.entries()].sort((a, b) => b[1].total - a[1].total);
    const width = Math.max(...rows.map(([key]) => key.length));
    const lines = rows.map(
      ([key, spec]) =>
        `  ${key.padEnd(width)}  ${seconds(spec.total).padStart(8)}  ${String(spec.tests).padStart(3)} tests  slowest ${seconds(spec.slowest)}`,
    );
    const sum = rows.reduce((total, [, spec]) => total + spec.total, 0);
    console.log(
      `\nTime per spec (sum of its tests; the run took ${seconds(result.duration)} of wall time on its workers):\n${lines.join('\n')}\n  ${'all specs'.padEnd(width)}  ${seconds(sum).padStart(8)}\n`,
    );
  }
}
