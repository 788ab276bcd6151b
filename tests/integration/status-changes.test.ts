import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

// No backend host here: e-mails stay in the outbox, which is what we count.

describe('status changes against the emulators', () => {
  // Two copies of the app, as if the administrator had two windows open.
  const platform = usePlatform({ fixtures: true, apps: 2, env: NO_BACKEND });
  const first = () => platform.apps[0] as MainServices;
  const second = () => platform.apps[1] as MainServices;

  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);
  const count = async (name: string) => (await platform.db.collection(name).get()).size;

  it('20 concurrent approvals of one deposit credit once, pay one bonus, write one audit entry and one set of e-mails', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        typed(i % 2 ? second() : first())('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'success' })
      )
    );
    const succeeded = results.filter((r) => r.ok);
    expect(succeeded).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r.ok ? null : r.error.code).toBe('CONFLICT');

    expect(await field('deposits/dep-linked', 'status')).toBe('success');
    expect(await field('users/dana', 'Totaldeposit')).toBe(223.55);
    expect(await field('users/rita', 'balance')).toBe(16.17);
    expect(await field('investments/inv1', 'status')).toBe('active');
    expect(await count('auditLog')).toBe(1);
    const mail = await platform.db.collection('mailOutbox').get();
    expect(mail.docs.map((d) => [d.get('to'), d.get('subject')]).sort()).toEqual([
      ['dana@example.com', 'Investment Successfully Activated'],
      ['rita@example.com', 'Referral Bonus Earned']
    ]);
  });

  it('20 concurrent rejections of one withdrawal refund exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        typed(i % 2 ? second() : first())('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' })
      )
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await field('users/wes', 'balance')).toBe(40.3);
    expect(await count('auditLog')).toBe(1);
    expect(await count('mailOutbox')).toBe(1);
  });

  it('approving a withdrawal adds to Totalwithdrawal, then refuses any change with the exact message', async () => {
    const approved = await typed(first())('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'approved' });
    expect(approved).toMatchObject({ ok: true, value: { message: 'Withdrawal approved successfully!', emailsQueued: 1 } });
    expect(await field('users/wes', 'Totalwithdrawal')).toBe(1250);

    const again = await typed(first())('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'rejected' });
    expect(again).toEqual({ ok: false, error: { code: 'CONFLICT', message: 'Cannot change status of an approved withdrawal.' } });
    expect(await field('users/wes', 'balance')).toBe(40.1);
  });

  it('a deposit whose investment is missing still succeeds, and the audit entry says so', async () => {
    const result = await typed(first())('deposits.setStatus', { operationId: randomUUID(), id: 'dep-dangling', status: 'success' });
    expect(result.ok).toBe(true);
    expect(await field('users/dana', 'Totaldeposit')).toBe(120.1);
    const [entry] = (await platform.db.collection('auditLog').get()).docs;
    expect(entry?.get('notes')).toContain('The linked investment (no-such-investment) does not exist; the deposit was still approved.');
  });

  it('a missing referrer means no bonus, and the deposit still succeeds', async () => {
    await platform.db.doc('users/rita').delete();
    const result = await typed(first())('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'success' });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.notes).toContain('No customer has the referral id REFRITA, so no referral bonus was paid.');
    expect(await field('users/dana', 'Totaldeposit')).toBe(223.55);
    expect(await count('mailOutbox')).toBe(1);
  });

  it('an amount that is not a number is refused naming the field, and nothing is written', async () => {
    const result = await typed(first())('deposits.setStatus', { operationId: randomUUID(), id: 'dep-string', status: 'success' });
    expect(result).toEqual({ ok: false, error: { code: 'VALIDATION', message: 'The deposit amount is not a number ("1,234.00").' } });
    expect(await field('deposits/dep-string', 'status')).toBe('pending');
    expect(await field('users/dana', 'Totaldeposit')).toBe(100.1);
    expect(await count('auditLog')).toBe(0);
  });

  it.each([
    ['deposits.setStatus', 'dep-orphan', 'success'],
    ['withdrawals.setStatus', 'wd-orphan', 'approved'],
    ['withdrawals.setStatus', 'wd-orphan', 'rejected']
  ] as const)('%s on %s without its customer is NOT_FOUND and writes nothing', async (method, id, status) => {
    const result = await typed(first())(method, { operationId: randomUUID(), id, status });
    expect(result.ok ? null : result.error.code).toBe('NOT_FOUND');
    expect(await count('auditLog')).toBe(0);
    expect(await count('mailOutbox')).toBe(0);
  });

  it('investment and compound investment statuses change freely and are audited', async () => {
    await platform.db.doc('compoundInvest/c1').set({ email: 'dana@example.com', plan: 'Gold', status: 'pending', amount: 500 });
    expect((await typed(first())('investments.setStatus', { operationId: randomUUID(), id: 'inv1', status: 'completed' })).ok).toBe(true);
    expect((await typed(first())('compoundInvestments.setStatus', { operationId: randomUUID(), id: 'c1', status: 'active' })).ok).toBe(true);
    expect(await field('investments/inv1', 'status')).toBe('completed');
    expect(await field('compoundInvest/c1', 'status')).toBe('active');
    const kinds = (await platform.db.collection('auditLog').get()).docs.map((d) => d.get('kind')).sort();
    expect(kinds).toEqual(['compoundInvestment', 'investment']);
  });

  it('lists page newest first by cursor, and say how many records cannot be listed', async () => {
    const batch = platform.db.batch();
    for (let i = 0; i < 9; i++) {
      batch.set(platform.db.doc(`withdrawals/extra-${i}`), { status: 'pending', amount: i, createdAt: new Date(Date.UTC(2026, 1, 1 + i)) });
    }
    batch.set(platform.db.doc('withdrawals/undated'), { status: 'pending', amount: 1 });
    await batch.commit();

    const page1 = await typed(first())('withdrawals.list', {});
    if (!page1.ok) throw new Error(page1.error.message);
    expect(page1.value).toMatchObject({ total: 13, unlisted: 1 });
    expect(page1.value.rows).toHaveLength(10);
    expect(page1.value.rows[0]?.id).toBe('extra-8');
    const page2 = await typed(first())('withdrawals.list', { cursor: page1.value.nextCursor });
    if (!page2.ok) throw new Error(page2.error.message);
    expect(page2.value).toMatchObject({ nextCursor: null, total: null });
    const ids = [...page1.value.rows, ...page2.value.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(13);
    const dates = [...page1.value.rows, ...page2.value.rows].map((r) => r.createdAt ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('the audit log lists newest first, filters by kind and names the administrator', async () => {
    await typed(first())('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'failed' });
    const audit = await typed(first())('audit.list', { kind: 'deposit' });
    expect(audit.ok && audit.value.rows[0]).toMatchObject({
      kind: 'deposit',
      entityPath: 'deposits/dep-linked',
      adminEmail: 'admin@ledgerdesk.test',
      before: { 'deposits/dep-linked.status': 'pending' },
      after: { 'deposits/dep-linked.status': 'failed' }
    });
    const none = await typed(first())('audit.list', { kind: 'plan' });
    expect(none.ok && none.value.rows).toEqual([]);
  });
});
