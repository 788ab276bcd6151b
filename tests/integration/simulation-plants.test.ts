import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVARIANTS } from '../../tools/simulate/checker';
import { PLANTS, type Plant } from '../../tools/simulate/faults';

// The simulation's checker, tested as an operator runs it: each defect planted in a port (the ledger
// store credits twice, the journal drops an entry, the mail server is sent the same message twice, the
// task queue loses a run's task, the ledger store and its rules let a maker decide their own approval
// request) must make `npm run simulate -- --plant NAME` fail on its own invariant.
const root = resolve(import.meta.dirname, '../..');
const LAST_LINE = /^(\d+) operations, (\d+) faults, (\d+) invariant checks, (\d+) violations$/;

function simulate(plant: Plant): { status: number | null; out: string } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tools/simulate/simulate.ts', '--plant', plant, '--seed', '20261203', '--ops', '600', '--shrink-seconds', '0'],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 280_000,
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: '', FIREBASE_AUTH_EMULATOR_HOST: '' }
    }
  );
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('npm run simulate -- --plant NAME', () => {
  it.each(Object.entries(PLANTS) as [Plant, keyof typeof INVARIANTS][])(
    '%s fails the run on invariant %s, naming it',
    (plant, invariant) => {
      const { status, out } = simulate(plant);
      expect(status, out).toBe(1);
      expect(out).toContain(`Invariant ${invariant} broken: ${INVARIANTS[invariant]}`);
      const last = out.trim().split('\n').at(-1) ?? '';
      expect(last).toMatch(LAST_LINE);
      expect(Number(LAST_LINE.exec(last)?.[4])).toBeGreaterThan(0);
      expect(out).toContain(`npm run simulate -- --seed 20261203 --ops 600 --plant ${plant} --replay`);
    },
    300_000
  );
});
