// Command line of `npm run bench -- [options]`.

/** What a run can measure; `--only` names some of them (the default: all). */
export const BENCH_PARTS = ['queues', 'due', 'reconciliation', 'nightly', 'journal', 'outbox', 'dashboard', 'users', 'picker', 'changed', 'web'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** --queues-only: the review queues and the Due list, as before --only existed. */
export const QUEUES_ONLY: readonly BenchPart[] = ['queues', 'due'];

export interface BenchArgs {
  /** Multiplies the default counts (100,000 users, deposits and withdrawals). */
  scale: number;
  /** Timed repetitions of each fast path (the median is reported); read-all paths run once. */
  runs: number;
  /** Seed batches (of 500) in flight at once. */
  concurrency: number;
  /** Rebuild the renderer and main (electron-vite build) even when out/ exists. */
  build: boolean;
  /** How long the spec's way may page for real (Load More) before the rest is extrapolated. */
  loadMoreSeconds: number;
  /** The parts to measure (seeding always happens): every part unless --only or --queues-only names fewer. */
  only: BenchPart[];
  /** A simulated shift instead of the scale figures: heap and listeners at its start, middle and end. */
  soak: boolean;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [--scale F] [--runs N] [--concurrency N] [--build] [--load-more-seconds S] [--only PARTS] [--queues-only] [--soak]

  --scale F        multiply the default counts (100,000 users and of each money list); default 1
  --runs N         timed runs of each fast path, the median is reported; default 3
  --concurrency N  seed batches of 500 in flight at once; default 4
  --build          run electron-vite build first even if out/ exists (it always does when out/ is missing)
  --load-more-seconds S
                   how long the spec's way pages for real before extrapolating by a count; default 60
  --only PARTS     measure only these, comma-separated, of: ${BENCH_PARTS.join(', ')}
                   (web: the bundle, the sign-in page and start-up; it alone builds); e.g. --only due,reconciliation
  --queues-only    the same as --only queues,due (for large scales, where reading everything takes too long)
  --soak           a simulated shift instead: 2,000 arrivals, 500 decisions, 200 notifications, two sign-outs;
                   the main process's heap and open listeners at its start, middle and end

Prints one JSON object on stdout and a table on stderr.`;

export const DEFAULT_ARGS: BenchArgs = {
  scale: 1,
  runs: 3,
  concurrency: 4,
  build: false,
  loadMoreSeconds: 60,
  only: [...BENCH_PARTS],
  soak: false,
  help: false
};

const number = (name: string, raw: string | undefined, check: (n: number) => boolean, what: string): number => {
  if (raw === undefined || raw === '' || raw.startsWith('--')) throw new Error(`${name} needs a value (${what}).`);
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`${name} must be ${what}, not "${raw}".`);
  return value;
};

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { ...DEFAULT_ARGS, only: [...DEFAULT_ARGS.only] };
  let onlyGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (name) {
      case '--scale':
        args.scale = number(name, value(), (n) => n > 0 && n <= 20, 'a number above 0 and at most 20');
        break;
      case '--runs':
        args.runs = number(name, value(), (n) => Number.isInteger(n) && n >= 1 && n <= 20, 'a whole number from 1 to 20');
        break;
      case '--concurrency':
        args.concurrency = number(name, value(), (n) => Number.isInteger(n) && n >= 1 && n <= 64, 'a whole number from 1 to 64');
        break;
      case '--load-more-seconds':
        args.loadMoreSeconds = number(name, value(), (n) => n >= 0 && n <= 3600, 'a number of seconds from 0 to 3600');
        break;
      case '--queues-only':
        if (inline !== undefined) throw new Error('--queues-only takes no value.');
        if (onlyGiven) throw new Error('--queues-only and --only cannot be combined.');
        onlyGiven = true;
        args.only = [...QUEUES_ONLY];
        break;
      case '--only': {
        if (onlyGiven) throw new Error('--only and --queues-only cannot be combined, nor --only given twice.');
        onlyGiven = true;
        const raw = value();
        if (raw === undefined || raw === '' || raw.startsWith('--')) throw new Error(`--only needs a value (some of ${BENCH_PARTS.join(', ')}).`);
        const parts = raw.split(',').map((part) => part.trim());
        const unknown = parts.filter((part) => !(BENCH_PARTS as readonly string[]).includes(part));
        if (unknown.length > 0) throw new Error(`--only: unknown part "${unknown.join('", "')}"; the parts are ${BENCH_PARTS.join(', ')}.`);
        args.only = BENCH_PARTS.filter((part) => parts.includes(part));
        break;
      }
      case '--soak':
        if (inline !== undefined) throw new Error('--soak takes no value.');
        args.soak = true;
        break;
      case '--build':
        if (inline !== undefined) throw new Error('--build takes no value.');
        args.build = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new Error(`Unknown argument "${arg}".`);
    }
  }
  return args;
}

/** Whether this run measures `part`. */
export const measures = (args: Pick<BenchArgs, 'only'>, part: BenchPart): boolean => args.only.includes(part);
