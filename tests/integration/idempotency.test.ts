import { randomUUID } from 'node:crypto';
import { runTransaction } from 'firebase/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import type { RunTransaction } from '../../src/main/firebase/ledgerStore';
import { NO_BACKEND, signedInApp, typed, usePlatform } from '../support/integration/moneyFixtures';

// No backend host here: e-mails stay in the outbox, which is what we count.

/**
 * The SDK re-runs a transaction whose commit reply was lost: the first run committed, and the
 * callback runs again against what it wrote. This one always does that.
 */
const replyLostOnce: RunTransaction = async (db, update, options) => {
  await runTransaction(db, update, options);
  return runTransaction(db, update, options);
};

const adjustment = (operationId: string) => ({
  id: 'wes',
  field: 'balance' as const,
  operation: 'add' as const,
  amount: 25,
  reason: 'Goodwill credit',
  allowNegative: false,
  operationId
});

describe('every write is applied once per operationId', () => {
  const platform = usePlatform({ fixtures: true, apps: 2, env: NO_BACKEND });
  const first = () => platform.apps[0] as MainServices;
  const second = () => platform.apps[1] as MainServices;
  const extra: MainServices[] = [];

  afterEach(async () => {
    await Promise.all(extra.splice(0).map((app) => app.dispose()));
  });

  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);
  const count = async (name: string) => (await platform.db.collection(name).get()).size;

  it('one deposit approval sent 20 times at once from two copies of the app credits once and answers 20 times alike', async () => {
    const operationId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => typed(i % 2 ? second() : first())('deposits.setStatus', { id: 'dep-linked', status: 'success', operationId }))
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const answers = results.map((r) => JSON.stringify(r.ok ? r.value : null));
    expect(new Set(answers).size).toBe(1);
    expect(results[0]!.ok && results[0]!.value.effects.length).toBeGreaterThan(0);

    expect(await field('users/dana', 'Totaldeposit')).toBe(223.55);
    expect(await field('users/rita', 'balance')).toBe(16.17);
    expect(await count('auditLog')).toBe(1);
    expect((await platform.db.doc(`auditLog/${operationId}`).get()).get('summary')).toContain('-> success');
    expect(await count('mailOutbox')).toBe(2);
  });

  it('one balance adjustment sent 20 times at once moves the balance once', async () => {
    const operationId = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => typed(i % 2 ? second() : first())('users.adjust', adjustment(operationId))));
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await field('users/wes', 'balance')).toBe(65.1);
    expect(await count('auditLog')).toBe(1);
  });

  it('a transaction whose commit reply was lost runs its callback again and still moves the balance once', async () => {
    const lossy = await signedInApp(NO_BACKEND, { runTransaction: replyLostOnce });
    extra.push(lossy);
    const result = await typed(lossy)('users.adjust', adjustment(randomUUID()));
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.effects[0]).toMatchObject({ before: 40.1, after: 65.1 });
    expect(await field('users/wes', 'balance')).toBe(65.1);
    expect(await count('auditLog')).toBe(1);
  });

  it('a rejection replayed after its reply was lost refunds once and queues one e-mail', async () => {
    const lossy = await signedInApp(NO_BACKEND, { runTransaction: replyLostOnce });
    extra.push(lossy);
    const result = await typed(lossy)('withdrawals.setStatus', { id: 'wd-reject', status: 'rejected', operationId: randomUUID() });
    expect(result.ok).toBe(true);
    const refund = Math.round((40.1 + (await field('withdrawals/wd-reject', 'amount'))) * 100) / 100;
    expect(await field('users/wes', 'balance')).toBe(refund);
    expect(await count('mailOutbox')).toBe(1);
  });

  it('a retry of the same operation later answers the first outcome and writes nothing', async () => {
    const operationId = randomUUID();
    const firstAnswer = await typed(first())('users.adjust', adjustment(operationId));
    await platform.db.doc('users/wes').update({ balance: 500 });
    const retried = await typed(second())('users.adjust', adjustment(operationId));
    expect(retried).toEqual(firstAnswer);
    expect(await field('users/wes', 'balance')).toBe(500);
    expect(await count('auditLog')).toBe(1);
  });

  it('an operationId already used for another change is refused as CONFLICT and writes nothing', async () => {
    const operationId = randomUUID();
    expect((await typed(first())('users.adjust', adjustment(operationId))).ok).toBe(true);
    const other = await typed(first())('users.adjust', { ...adjustment(operationId), amount: 30 });
    expect(other.ok ? null : other.error.code).toBe('CONFLICT');
    // It says the action was taken and what it did, never that an id was reused.
    expect(other.ok ? null : other.error.message).toMatch(
      /^This action was already taken \(Balance of .+: \$\d.* -> \$[\d.,]+\), so nothing more was written\./
    );
    const elsewhere = await typed(first())('users.setVerified', { id: 'wes', verified: true, operationId });
    expect(elsewhere.ok ? null : elsewhere.error.code).toBe('CONFLICT');
    expect(await field('users/wes', 'balance')).toBe(65.1);
    expect(await field('users/wes', 'verified')).toBeUndefined();
    expect(await count('auditLog')).toBe(1);
  });

  it('a retried status change after a lost reply, sent with a newer preview and an edited reason, answers the first outcome', async () => {
    const operationId = randomUUID();
    const seen = await typed(first())('withdrawals.preview', { id: 'wd-reject', status: 'rejected' });
    if (!seen.ok) throw new Error(seen.error.message);
    const firstAnswer = await typed(first())('withdrawals.setStatus', {
      id: 'wd-reject',
      status: 'rejected',
      operationId,
      version: seen.value.version,
      reason: 'Wrong address'
    });
    expect(firstAnswer.ok).toBe(true);
    const again = await typed(second())('withdrawals.preview', { id: 'wd-reject', status: 'rejected' });
    if (!again.ok) throw new Error(again.error.message);
    const retried = await typed(second())('withdrawals.setStatus', {
      id: 'wd-reject',
      status: 'rejected',
      operationId,
      version: again.value.version,
      reason: 'Wrong address, checked twice'
    });
    expect(retried).toEqual(firstAnswer);
    const otherStatus = await typed(second())('withdrawals.setStatus', { id: 'wd-reject', status: 'approved', operationId });
    expect(otherStatus).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message:
          'This action was already taken (Withdrawal of $0.20 from wes@example.com: pending -> rejected), so nothing more was written. Close the dialog to see the record as it is now.'
      }
    });
    expect(await count('auditLog')).toBe(1);
    expect(await count('mailOutbox')).toBe(1);
  });

  it('plan updates and verification replay too', async () => {
    await platform.db.doc('investmentPlans/gold').set({ name: 'Gold', min: 100, max: 1000, roi: 5, duration: 30 });
    const calls = [
      () => typed(first())('plans.update', { id: 'gold', name: 'Gold+', min: 100, max: 2000, roi: 6, duration: 30, operationId: planOp }),
      () => typed(first())('users.setVerified', { id: 'wes', verified: true, operationId: verifyOp })
    ];
    const planOp = randomUUID();
    const verifyOp = randomUUID();
    for (const call of calls) {
      const [a, b] = [await call(), await call()];
      expect(a.ok).toBe(true);
      expect(b).toEqual(a);
    }
    expect(await count('auditLog')).toBe(2);
  });

  it('an operationId that is not a UUID is refused before anything is read', async () => {
    const result = await typed(first())('users.adjust', adjustment('not-a-uuid'));
    expect(result.ok ? null : result.error.code).toBe('VALIDATION');
    expect(await field('users/wes', 'balance')).toBe(40.1);
  });
});
