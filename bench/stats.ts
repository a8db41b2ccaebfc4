/** Timing helpers for the benchmarks: figures are printed, never asserted. */
import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Runs `fn` `warmup` times untimed, then `runs` times timed; returns the times in ms. When `fn`
 * returns a number, that is the run's time (it timed only its own measured part).
 */
export async function timeRuns(
  fn: (run: number) => unknown,
  runs: number,
  warmup = 3,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const own = await fn(i);
    times.push(typeof own === 'number' ? own : performance.now() - start);
  }
  return times;
}

export function report(label: string, times: readonly number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN;
  console.log(
    `${label.padEnd(66)} median ${median(times).toFixed(2).padStart(8)} ms   p90 ${p90.toFixed(2).padStart(8)} ms   (n=${times.length})`,
  );
}
