// `npm run simulate -- [--seed S] [--ops N] [--replay] [--plant NAME] [--shrink-seconds S]`
// (docs/testing.md, "The simulation"): seeded operations with faults against the emulators, the
// money invariants checked after every one. Prints the seed first and, last,
// "N operations, N faults, N invariant checks, N violations"; exits 1 on a violation.
import { parseArgs } from 'node:util';
import { INVARIANTS } from './checker';
import { isPlant, PLANTS, type Plant } from './faults';
import { brokenInvariants, simulate } from './runner';
import { exitWhenPrinted } from '../exit-when-printed';

const USAGE = `Usage: npm run simulate -- [--seed S] [--ops N] [--replay] [--plant NAME] [--shrink-seconds S]

  --seed S            the seed (an integer); a random one by default, printed first
  --ops N             operations to run, in rounds of fresh emulators; default 2000
  --replay            run the seed's operations exactly, without shrinking a failure
  --plant NAME        plant a defect the run must find: ${Object.keys(PLANTS).join(', ')}
  --shrink-seconds S  how long a failure may be shrunk; default 120`;

function parse(): { seed: number; ops: number; replay: boolean; plant: Plant | null; shrinkSeconds: number } {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      ops: { type: 'string', default: '2000' },
      replay: { type: 'boolean', default: false },
      plant: { type: 'string' },
      'shrink-seconds': { type: 'string', default: '120' },
      help: { type: 'boolean', default: false }
    }
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const integer = (text: string | undefined, name: string, min: number): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) {
      console.error(`--${name} takes a whole number of at least ${min}, not "${text}".\n\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  if (values.plant !== undefined && !isPlant(values.plant)) {
    console.error(`--plant takes one of ${Object.keys(PLANTS).join(', ')}, not "${values.plant}".`);
    process.exit(2);
  }
  return {
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : integer(values.seed, 'seed', -(2 ** 31)),
    ops: integer(values.ops, 'ops', 1),
    replay: values.replay,
    plant: (values.plant as Plant | undefined) ?? null,
    shrinkSeconds: integer(values['shrink-seconds'], 'shrink-seconds', 0)
  };
}

const kept: string[] = [];
const keep = (line: string) => {
  kept.push(line);
  if (kept.length > 40) kept.shift();
};

async function main(): Promise<number> {
  const args = parse();
  console.log(`simulate: seed ${args.seed}, ${args.ops} operations${args.plant ? `, planted defect: ${args.plant}` : ''}${args.replay ? ', replay' : ''}`);
  const started = Date.now();
  // The emulators' own lines (each refused write among them) are kept for a run that breaks, not printed.
  const report = await simulate({ ...args, log: keep, progress: (line) => console.log(`simulate: ${line} (${Math.round((Date.now() - started) / 1000)} s)`) });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (report.failing) {
    console.log(`\nsimulate: FAILED after ${seconds} s. Seed ${args.seed} (the failing round's seed: ${report.failingRoundSeed}).`);
    for (const invariant of brokenInvariants(report.violations)) console.log(`Invariant ${invariant} broken: ${INVARIANTS[invariant]}`);
    for (const violation of report.violations) console.log(`  - [${violation.invariant}] ${violation.detail}`);
    if (report.error) console.log(`An operation threw: ${report.error}`);
    console.log(`The failing round's operations (shrunk, ${report.failing?.length ?? 0}):`);
    for (const [i, operation] of (report.failing ?? []).entries()) console.log(`  ${i + 1}. ${operation}`);
    console.log(`Replay it: npm run simulate -- --seed ${args.seed} --ops ${args.ops}${args.plant ? ` --plant ${args.plant}` : ''} --replay`);
  } else console.log(`\nsimulate: passed in ${seconds} s (seed ${args.seed}).`);
  console.log(`${report.operations} operations, ${report.faults} faults, ${report.checks} invariant checks, ${report.violations.length} violations`);
  return report.failing ? 1 : 0;
}

main().then(
  (code) => exitWhenPrinted(code),
  (error: unknown) => {
    console.error(`simulate: the run itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    console.error(`The emulators' last lines:\n${kept.join('\n')}`);
    exitWhenPrinted(3);
  }
);
