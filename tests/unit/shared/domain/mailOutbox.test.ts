import { describe, expect, it } from 'vitest';
import { claimOf, MAIL_ATTEMPTS, recipientProblem, roundOf, UNFINISHED_LAST_ATTEMPT, type OutboxEntryNow } from '@shared/domain/mailOutbox';

const NOW = 1_000_000;
const LEASE = 60_000;
const due = (state: string, attempts: number): OutboxEntryNow => ({ state, attempts, nextAttemptAtMs: NOW - 1 });

describe('claiming a queued e-mail (docs/product-rules.md §9)', () => {
  it('claims a due entry for one more attempt while the automatic round has attempts left', () => {
    expect(claimOf(due('queued', 0), NOW, LEASE)).toEqual({ claim: { attempts: 1, leaseUntilMs: NOW + LEASE } });
    expect(claimOf(due('failed', 3), NOW, LEASE)).toEqual({ claim: { attempts: 4, leaseUntilMs: NOW + LEASE } });
    // A deliverer that stopped mid-send: its lease ran out, the next attempt keeps the round's key.
    expect(claimOf(due('sending', MAIL_ATTEMPTS - 1), NOW, LEASE)).toEqual({ claim: { attempts: MAIL_ATTEMPTS, leaseUntilMs: NOW + LEASE } });
  });

  it('never claims past the cap when the last attempt outlived its lease: the entry fails, for the administrator to decide', () => {
    expect(claimOf(due('sending', MAIL_ATTEMPTS), NOW, LEASE)).toEqual({ giveUp: UNFINISHED_LAST_ATTEMPT });
    // The administrator's Retry round has one attempt too.
    expect(claimOf(due('sending', MAIL_ATTEMPTS + 1), NOW, LEASE)).toEqual({ giveUp: UNFINISHED_LAST_ATTEMPT });
    expect(claimOf(due('failed', MAIL_ATTEMPTS), NOW, LEASE)).toBeNull();
  });

  it('claims past the cap once per Retry by the administrator, which queues the entry again', () => {
    expect(claimOf(due('queued', MAIL_ATTEMPTS), NOW, LEASE)).toEqual({ claim: { attempts: MAIL_ATTEMPTS + 1, leaseUntilMs: NOW + LEASE } });
    expect(claimOf(due('queued', MAIL_ATTEMPTS + 3), NOW, LEASE)).toEqual({ claim: { attempts: MAIL_ATTEMPTS + 4, leaseUntilMs: NOW + LEASE } });
  });

  it('claims nothing that is sent, leased, given up or missing', () => {
    expect(claimOf(null, NOW, LEASE)).toBeNull();
    expect(claimOf(due('sent', 1), NOW, LEASE)).toBeNull();
    expect(claimOf({ state: 'sending', attempts: 1, nextAttemptAtMs: NOW + 1 }, NOW, LEASE)).toBeNull();
    expect(claimOf({ state: 'failed', attempts: MAIL_ATTEMPTS, nextAttemptAtMs: null }, NOW, LEASE)).toBeNull();
  });

  it('names each attempt’s round: 0 for the automatic attempts, then one round per Retry', () => {
    expect([1, MAIL_ATTEMPTS, MAIL_ATTEMPTS + 1, MAIL_ATTEMPTS + 2].map(roundOf)).toEqual([0, 0, 1, 2]);
  });
});

describe('the recipient of an e-mail', () => {
  it('is exactly one address', () => {
    expect(recipientProblem('dana@example.com')).toBeNull();
    for (const to of [
      'me@x.test, a@y.test, b@z.test',
      'me@x.test,a@y.test',
      'me@x.test;a@y.test',
      'me@x.test a@y.test',
      'Dana <dana@example.com>',
      'dana',
      ''
    ]) {
      expect(recipientProblem(to), to).toBe(
        `Not sent to anyone: "${to}" is not one e-mail address, and an e-mail goes to exactly one customer. Correct the customer's e-mail address.`
      );
    }
  });
});
