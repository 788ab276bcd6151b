import { describe, expect, it } from 'vitest';
import { BENCH_PARTS, DEFAULT_ARGS, parseArgs } from '../../../../tools/bench/args';

describe('parseArgs', () => {
  it('defaults to the full scale', () => {
    expect(parseArgs([])).toEqual(DEFAULT_ARGS);
    expect(DEFAULT_ARGS.scale).toBe(1);
  });

  it('reads --scale with a separate or an inline value', () => {
    expect(parseArgs(['--scale', '0.05']).scale).toBe(0.05);
    expect(parseArgs(['--scale=2']).scale).toBe(2);
  });

  it('reads the other options', () => {
    expect(parseArgs(['--runs', '5', '--concurrency=8', '--build'])).toEqual({ ...DEFAULT_ARGS, runs: 5, concurrency: 8, build: true });
    expect(parseArgs(['-h']).help).toBe(true);
    expect(parseArgs(['--soak'])).toEqual({ ...DEFAULT_ARGS, soak: true });
  });

  it('measures every part unless --only or --queues-only names fewer', () => {
    expect(DEFAULT_ARGS.only).toEqual([...BENCH_PARTS]);
    expect(parseArgs(['--only', 'reconciliation,due']).only).toEqual(['due', 'reconciliation']);
    expect(parseArgs(['--only=web']).only).toEqual(['web']);
    expect(parseArgs(['--queues-only']).only).toEqual(['queues', 'due']);
  });

  it.each([
    [['--only'], /needs a value/],
    [['--only', 'due,dashbord'], /unknown part "dashbord"/],
    [['--only', 'due', '--queues-only'], /cannot be combined/],
    [['--scale'], /needs a value/],
    [['--scale', '--runs', '2'], /needs a value/],
    [['--scale', '0'], /above 0/],
    [['--scale', '-1'], /above 0/],
    [['--scale', 'abc'], /not "abc"/],
    [['--scale', '21'], /at most 20/],
    [['--runs', '1.5'], /whole number/],
    [['--concurrency', '0'], /whole number/],
    [['--build=yes'], /no value/],
    [['--soak=1'], /no value/],
    [['--sacle', '1'], /Unknown argument "--sacle"/],
    [['0.05'], /Unknown argument "0.05"/]
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
