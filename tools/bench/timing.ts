export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** Runs fn `runs` times one after another; reports the median and every run. */
export async function timedRuns<T>(runs: number, fn: () => Promise<T>): Promise<{ ms: number; runsMs: number[]; value: T }> {
  const all: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const { ms, value } = await timed(fn);
    all.push(round1(ms));
    last = value;
  }
  return { ms: round1(median(all)), runsMs: all, value: last as T };
}
