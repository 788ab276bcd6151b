import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { at, NO_BACKEND, typed, usePlatform, writeMoneyFixtures } from '../support/integration/moneyFixtures';

const DAY = 86_400_000;

/**
 * Every decision Ledgerdesk records names the administrator who took it, by uid and e-mail: the audit
 * entry of each status change, payout, KYC decision and adjustment, and a note itself (docs/product-rules.md §8).
 */
describe('who took each decision', () => {
  const platform = usePlatform({ fixtures: true, env: NO_BACKEND });

  it('names the administrator by uid and e-mail on every decision’s audit entry and on a note', async () => {
    const call = typed(platform.app);
    await writeMoneyFixtures(platform.db);
    const batch = platform.db.batch();
    batch.set(platform.db.doc('settings/ledgerdesk'), { requireTxid: false, paysMaturedInvestments: true });
    batch.set(platform.db.doc('investmentPlans/gold'), { name: 'Gold', min: 100, max: 5000, roi: 12, duration: 30 });
    const matured = { userId: 'wes', email: 'wes@example.com', plan: 'Gold', roi: 12, duration: 30, amount: 1000, status: 'active' };
    batch.set(platform.db.doc('investments/matured'), { ...matured, createdAt: at(new Date(Date.now() - 31 * DAY).toISOString()) });
    batch.update(platform.db.doc('users/rita'), { kyc: { status: 'pending', fullName: 'Rita Referrer' } });
    await batch.commit();

    const decisions = [
      await call('deposits.setStatus', { operationId: randomUUID(), id: 'dep-linked', status: 'success' }),
      await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' }),
      await call('investments.setStatus', { operationId: randomUUID(), id: 'inv1', status: 'completed' }),
      await call('investments.payout', { operationId: randomUUID(), id: 'matured' }),
      await call('users.decideKyc', { operationId: randomUUID(), id: 'rita', status: 'approved' }),
      await call('users.adjust', {
        operationId: randomUUID(),
        id: 'wes',
        field: 'balance',
        operation: 'add',
        amount: 1,
        reason: 'Goodwill',
        allowNegative: false
      }),
      await call('users.addNote', { operationId: randomUUID(), id: 'wes', text: 'Called the customer.' })
    ];
    expect(decisions.map((decision) => (decision.ok ? 'ok' : decision.error.message))).toEqual(Array(7).fill('ok'));

    const entries = (await platform.db.collection('auditLog').get()).docs.map((entry) => entry.data());
    expect(new Set(entries.map((entry) => entry.action))).toEqual(
      new Set(['deposit.status', 'withdrawal.status', 'investment.status', 'investment.payout', 'user.kyc', 'user.adjust', 'user.note'])
    );
    expect(entries.filter((entry) => entry.adminUid !== DEMO_ADMIN.uid || entry.adminEmail !== DEMO_ADMIN.email)).toEqual([]);
    const [note] = (await platform.db.collection('users/wes/notes').get()).docs;
    expect(note?.data()).toMatchObject({ adminUid: DEMO_ADMIN.uid, adminEmail: DEMO_ADMIN.email });
  });
});
