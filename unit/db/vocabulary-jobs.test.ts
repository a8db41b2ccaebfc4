/** The worker's progress reports to the page: a few a second, and always the last. */
import { describe, expect, it } from 'vitest';
import { spacedProgress } from '@/db/vocabulary-jobs';

describe('spacedProgress', () => {
  it('passes on the first report, then one per interval, and always the last', () => {
    let time = 0;
    const reports: [number, number][] = [];
    const report = spacedProgress(
      (done, total) => reports.push([done, total]),
      250,
      () => time,
    );
    for (const [at, done] of [
      [0, 100],
      [100, 200],
      [249, 300],
      [250, 400],
      [300, 500],
      [499, 600],
      [520, 700],
      [530, 800],
    ] as const) {
      time = at;
      report(done, 800);
    }
    expect(reports).toEqual([
      [100, 800],
      [400, 800],
      [700, 800],
      [800, 800],
    ]);
  });
});
