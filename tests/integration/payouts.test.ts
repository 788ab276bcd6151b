import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import { dayText } from '../../src/shared/domain/dates';
import { PAYOUTS_OFF } from '../../src/shared/domain/payouts';
import { PAID_OUT_LOCKED } from '../../src/shared/domain/investments';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

const DAY = 86_400_000;
const daysAgo = (days: number) => at(new Date(Date.now() - days * DAY).toISOString());

/**
 * Paying out matured investments (docs/product-rules.md §5.7) on the emulators: only with the
 * platform's setting on, once, in one transaction with its audit entry and e-mail, decided on a
 * preview's version. No backend host: the e-mail stays in the outbox, where it is counted.
 */
describe('investment payouts against the emulators', () => {
  const platform = usePlatform({ apps: 2, env: NO_BACKEND, per: 'file' });
  const first = () => platform.apps[0] as MainServices;
  const second = () => platform.apps[1] as MainServices;
  const data = async (path: string) => (await platform.db.doc(path).get()).data();

  /** Each test starts from these documents alone (one platform for the file: emptied, not restarted). */
  async function seed(paysMaturedInvestments: boolean) {
    for (const name of ['users', 'investments', 'investmentPlans', 'deposits', 'auditLog', 'mailOutbox', 'settings']) {
      await platform.db.recursiveDelete(platform.db.collection(name));
    }
    const batch = platform.db.batch();
    batch.set(platform.db.doc('settings/ledgerdesk'), { requireTxid: false, paysMaturedInvestments });
    batch.set(platform.db.doc('investmentPlans/gold'), { name: 'Gold', min: 100, max: 5000, roi: 12, duration: 30 });
    batch.set(platform.db.doc('investmentPlans/bronze'), { name: 'Bronze', min: 100, max: 5000, roi: 5, duration: 30 });
    batch.set(platform.db.doc('users/uma'), { fullname: 'Uma Payee', email: 'uma@example.com', balance: 50.5, totalearnings: 10, timestamp: daysAgo(100) });
    batch.set(platform.db.doc('users/twin1'), { fullname: 'Twin One', email: 'twin@example.com', balance: 0, timestamp: daysAgo(100) });
    batch.set(platform.db.doc('users/twin2'), { fullname: 'Twin Two', email: 'twin@example.com', balance: 0, timestamp: daysAgo(100) });
    const investment = (id: string, extra: Record<string, unknown>) =>
      batch.set(platform.db.doc(`investments/${id}`), {
        userId: 'uma',
        email: 'uma@example.com',
        plan: 'Gold',
        roi: 12,
        duration: 30,
        amount: 1000,
        status: 'active',
        createdAt: daysAgo(31),
        ...extra
      });
    investment('matured', {});
    investment('young', { createdAt: daysAgo(10) });
    investment('by-email', { userId: null, amount: 200, plan: 'Bronze', roi: 5 });
    investment('nobody', { userId: null, email: 'ghost@example.com' });
    investment('twins', { userId: null, email: 'twin@example.com' });
    await batch.commit();
  }

  it('with the setting off moves no money: the payout and its preview are refused saying why', async () => {
    await seed(false);
    const call = typed(first());
    expect(await call('investments.payoutPreview', { id: 'matured' })).toMatchObject({
      ok: true,
      value: { allowed: false, refusal: { code: 'CONFLICT', message: PAYOUTS_OFF } }
    });
    expect(await call('investments.payout', { id: 'matured', operationId: randomUUID() })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: PAYOUTS_OFF }
    });
    expect(await data('users/uma')).toMatchObject({ balance: 50.5, totalearnings: 10 });
    expect(await data('investments/matured')).toMatchObject({ status: 'active' });
    expect((await platform.db.collection('auditLog').get()).size).toBe(0);
  });

  it('pays a matured investment once on its preview: balance + principal + ROI, earnings + ROI, audited with the moved cents, e-mail queued', async () => {
    await seed(true);
    const call = typed(first());
    const preview = await call('investments.payoutPreview', { id: 'matured' });
    expect(preview).toMatchObject({
      ok: true,
      value: {
        allowed: true,
        effects: [
          { key: 'users/uma.balance', label: 'Balance of Uma Payee (principal and ROI)', before: 50.5, after: 1170.5 },
          { key: 'users/uma.totalearnings', label: 'Total earnings of Uma Payee (ROI)', before: 10, after: 130 }
        ],
        emails: [{ to: 'uma@example.com', kind: 'investmentCompleted' }]
      }
    });
    if (!preview.ok) return;
    const request = { id: 'matured', operationId: randomUUID(), version: preview.value.version };
    const paid = await call('investments.payout', request);
    expect(paid).toEqual({
      ok: true,
      value: {
        status: 'completed',
        message: "Investment paid out. Uma Payee's balance is now $1,170.50.",
        effects: preview.value.effects,
        notes: [],
        emailsQueued: 1
      }
    });
    // The same action again (a lost reply's retry) answers the same and moves nothing more.
    expect(await typed(second())('investments.payout', request)).toEqual(paid);
    expect(await data('users/uma')).toMatchObject({ balance: 1170.5, totalearnings: 130 });
    const investment = await data('investments/matured');
    expect(investment).toMatchObject({ status: 'completed' });
    expect(investment?.paidOutAt?.toMillis()).toBeGreaterThan(Date.now() - 60_000);

    const audit = await data(`auditLog/${request.operationId}`);
    expect(audit).toMatchObject({
      kind: 'investment',
      action: 'investment.payout',
      entityPath: 'investments/matured',
      movedUserId: 'uma',
      moved: { balance: 112_000, totalearnings: 12_000 },
      before: { 'users/uma.balance': 50.5, 'users/uma.totalearnings': 10, 'investments/matured.status': 'active' },
      after: { 'users/uma.balance': 1170.5, 'users/uma.totalearnings': 130, 'investments/matured.status': 'completed' },
      userIds: ['uma']
    });
    const mail = (await platform.db.collection('mailOutbox').get()).docs.map((d) => d.data());
    expect(mail).toEqual([
      expect.objectContaining({ kind: 'investmentCompleted', to: 'uma@example.com', subject: 'Investment Completed', about: 'investments/matured' })
    ]);
    expect(mail[0]?.text).toContain('$1,170.50');

    // A second payout is impossible, even after the status is set back by hand.
    expect(await call('investments.payout', { id: 'matured', operationId: randomUUID() })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await call('investments.setStatus', { id: 'matured', status: 'active', operationId: randomUUID() })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: PAID_OUT_LOCKED }
    });
    expect(await data('users/uma')).toMatchObject({ balance: 1170.5, totalearnings: 130 });
    expect((await platform.db.collection('auditLog').get()).size).toBe(1);
  });

  it('20 concurrent payouts of one investment from two windows credit once', async () => {
    await seed(true);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => typed(i % 2 ? second() : first())('investments.payout', { id: 'matured', operationId: randomUUID() }))
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok)) expect(r.ok ? null : r.error.code).toBe('CONFLICT');
    expect(await data('users/uma')).toMatchObject({ balance: 1170.5, totalearnings: 130 });
    expect((await platform.db.collection('auditLog').get()).size).toBe(1);
    expect((await platform.db.collection('mailOutbox').get()).size).toBe(1);
  });

  it('refuses a payout decided on figures that moved since the preview, and one not yet matured', async () => {
    await seed(true);
    const call = typed(first());
    const preview = await call('investments.payoutPreview', { id: 'matured' });
    if (!preview.ok) throw new Error(preview.error.message);
    await platform.db.doc('users/uma').update({ balance: 60 });
    expect(await call('investments.payout', { id: 'matured', operationId: randomUUID(), version: preview.value.version })).toEqual({
      ok: false,
      error: { code: 'STALE_VERSION', message: 'This record changed since you opened it.' }
    });
    expect(await data('investments/matured')).toMatchObject({ status: 'active' });

    expect(await call('investments.payout', { id: 'young', operationId: randomUUID() })).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This investment has not matured yet (20 days left), so it cannot be paid out.' }
    });
    expect(await call('investments.payout', { id: 'no-such', operationId: randomUUID() })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Investment not found.' }
    });
  });

  it('finds the customer by e-mail where the investment has no userId: one is paid, none or several are refused naming the problem', async () => {
    await seed(true);
    const call = typed(first());
    expect(await call('investments.payout', { id: 'by-email', operationId: randomUUID() })).toMatchObject({ ok: true, value: { status: 'completed' } });
    expect(await data('users/uma')).toMatchObject({ balance: 260.5, totalearnings: 20 });
    expect(await call('investments.payout', { id: 'nobody', operationId: randomUUID() })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No customer has the e-mail ghost@example.com (this investment has no userId), so there is nobody to pay.' }
    });
    const twins = await call('investments.payout', { id: 'twins', operationId: randomUUID() });
    expect(twins).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining('2 customers have the e-mail twin@example.com') } });
    expect(await data('users/twin1')).toMatchObject({ balance: 0 });
  });

  describe("paid without question only when clean, on its plan's terms, to a customer not suspended (§5.7)", () => {
    const OVERRIDE = 'Reinstated: the bank confirmed the cancellation was a mistake.';
    const needsReason = (...overrides: string[]) => ({
      code: 'VALIDATION',
      message: `Paying out this investment needs an override reason. ${overrides.join(' ')} Pay it out on its own and give the reason.`
    });
    const moved = async () => ({
      uma: await data('users/uma'),
      audits: (await platform.db.collection('auditLog').where('action', '==', 'investment.payout').get()).size
    });

    it('a cancelled investment set back to active needs the reason: refused without it, paid once with it, the reason on the audit entry', async () => {
      await seed(true);
      const call = typed(first());
      expect(await call('investments.setStatus', { id: 'matured', status: 'cancelled', operationId: randomUUID() })).toMatchObject({ ok: true });
      const back = randomUUID();
      expect(await call('investments.setStatus', { id: 'matured', status: 'active', operationId: back })).toMatchObject({ ok: true });
      const marked = await data('investments/matured');
      expect(marked).toMatchObject({ status: 'active', reactivatedFrom: 'cancelled', reactivations: 1 });
      expect(await data(`auditLog/${back}`)).toMatchObject({
        after: { 'investments/matured.reactivatedFrom': 'cancelled', 'investments/matured.reactivations': 1 }
      });
      const why = `This investment was cancelled and set back to active on ${dayText(marked?.reactivatedAt.toMillis())}.`;

      const preview = await call('investments.payoutPreview', { id: 'matured' });
      expect(preview).toMatchObject({ ok: true, value: { allowed: false, refusal: needsReason(why), overrides: [why], effects: [] } });
      const before = await moved();
      expect(await call('investments.payout', { id: 'matured', operationId: randomUUID() })).toEqual({ ok: false, error: needsReason(why) });
      expect(await moved()).toEqual(before);
      expect(await data('investments/matured')).toMatchObject({ status: 'active' });

      const overridden = await call('investments.payoutPreview', { id: 'matured', overrideReason: OVERRIDE });
      expect(overridden).toMatchObject({ ok: true, value: { allowed: true, overrides: [why] } });
      if (!overridden.ok) return;
      const request = { id: 'matured', operationId: randomUUID(), version: overridden.value.version, overrideReason: OVERRIDE };
      const paid = await call('investments.payout', request);
      expect(paid).toMatchObject({ ok: true, value: { status: 'completed', notes: [`Paid out with an override: ${why}`] } });
      expect(await typed(second())('investments.payout', request)).toEqual(paid);
      // Its version is the paid investment's no longer: refused as changed since that preview.
      expect(await call('investments.payout', { ...request, operationId: randomUUID() })).toMatchObject({ ok: false, error: { code: 'STALE_VERSION' } });
      expect(await moved()).toEqual({ uma: expect.objectContaining({ balance: 1170.5, totalearnings: 130 }), audits: 1 });
      expect(await data(`auditLog/${request.operationId}`)).toMatchObject({
        action: 'investment.payout',
        overrideReason: OVERRIDE,
        notes: [`Paid out with an override: ${why}`]
      });
    });

    it('one the audit log shows cancelled before the re-activation mark existed needs the reason too', async () => {
      await seed(true);
      await platform.db.doc('auditLog/legacy-cancel').set({
        kind: 'investment',
        action: 'investment.status',
        entityPath: 'investments/matured',
        before: { 'investments/matured.status': 'active' },
        after: { 'investments/matured.status': 'cancelled' },
        at: at('2026-03-04T10:00:00Z')
      });
      const why = 'The audit log shows this investment was cancelled before (a status change on 4 March 2026); it is active again.';
      expect(await typed(first())('investments.payout', { id: 'matured', operationId: randomUUID() })).toEqual({ ok: false, error: needsReason(why) });
      expect(await data('users/uma')).toMatchObject({ balance: 50.5, totalearnings: 10 });
    });

    it('an investment carrying ROI 500% over 1 day is not paid on its own terms without the reason; nor one whose plan does not exist', async () => {
      await seed(true);
      const call = typed(first());
      await platform.db.doc('investments/greedy').set({ ...(await data('investments/matured')), roi: 500, duration: 1 });
      const why = "Its ROI 500% over 1 day differs from the plan Gold's 12% over 30 days.";
      expect(await call('investments.payoutPreview', { id: 'greedy' })).toMatchObject({ ok: true, value: { allowed: false, overrides: [why] } });
      expect(await call('investments.payout', { id: 'greedy', operationId: randomUUID() })).toEqual({ ok: false, error: needsReason(why) });
      await platform.db.doc('investments/orphan').set({ ...(await data('investments/matured')), plan: 'Titanium' });
      expect(await call('investments.payout', { id: 'orphan', operationId: randomUUID() })).toEqual({
        ok: false,
        error: needsReason('No plan named "Titanium" exists.')
      });
      expect(await moved()).toMatchObject({ uma: { balance: 50.5, totalearnings: 10 }, audits: 0 });
      // The plan is matched by name trimmed and in any letter case: a clean one is paid without a reason.
      await platform.db.doc('investments/matured').update({ plan: '  gOLD ' });
      expect(await call('investments.payout', { id: 'matured', operationId: randomUUID() })).toMatchObject({ ok: true, value: { status: 'completed' } });
    });

    it("a suspended customer's payout needs the reason", async () => {
      await seed(true);
      await platform.db.doc('users/uma').update({ suspended: true, suspension: { reason: 'Identity under review' } });
      const why = 'Uma Payee is suspended: Identity under review.';
      const call = typed(first());
      expect(await call('investments.payout', { id: 'matured', operationId: randomUUID() })).toEqual({ ok: false, error: needsReason(why) });
      const operationId = randomUUID();
      expect(await call('investments.payout', { id: 'matured', operationId, overrideReason: OVERRIDE })).toMatchObject({ ok: true });
      expect(await data(`auditLog/${operationId}`)).toMatchObject({ overrideReason: OVERRIDE });
    });

    it("activation keeps the plan's terms on the investment (a deposit's success or a status change), and the payout is decided on them, not on the plan edited since", async () => {
      await seed(true);
      const call = typed(first());
      const gold = { planId: 'gold', name: 'Gold', roi: 12, duration: 30 };
      await platform.db.doc('investments/waiting').set({ ...(await data('investments/matured')), status: 'pending', planId: 'gold' });
      await platform.db.doc('investments/bought').set({ ...(await data('investments/matured')), status: 'pending' });
      await platform.db
        .doc('deposits/pays-bought')
        .set({ userId: 'uma', userEmail: 'uma@example.com', method: 'BITCOIN', amount: 1000, status: 'pending', investmentId: 'bought' });
      expect(await call('investments.setStatus', { id: 'waiting', status: 'active', operationId: randomUUID() })).toMatchObject({ ok: true });
      expect(await call('deposits.setStatus', { id: 'pays-bought', status: 'success', operationId: randomUUID() })).toMatchObject({ ok: true });
      expect(await data('investments/waiting')).toMatchObject({ status: 'active', planTerms: gold });
      expect(await data('investments/bought')).toMatchObject({ status: 'active', planTerms: gold });

      // Gold pays 15% from now on: these two were bought at 12% and are paid without question.
      expect(await call('plans.update', { id: 'gold', name: 'Gold', min: 100, max: 5000, roi: 15, duration: 30, operationId: randomUUID() })).toMatchObject({
        ok: true
      });
      expect(await call('investments.payout', { id: 'waiting', operationId: randomUUID() })).toMatchObject({ ok: true });
      expect(await call('investments.payout', { id: 'bought', operationId: randomUUID() })).toMatchObject({ ok: true });
      // One without kept terms is compared with the plan as it is now.
      expect(await call('investments.payout', { id: 'matured', operationId: randomUUID() })).toEqual({
        ok: false,
        error: needsReason("Its ROI 12% over 30 days differs from the plan Gold's 15% over 30 days.")
      });
    });

    it('a plan edited between the preview and the payout refuses the payout as changed', async () => {
      await seed(true);
      const call = typed(first());
      const preview = await call('investments.payoutPreview', { id: 'matured' });
      if (!preview.ok) throw new Error(preview.error.message);
      await platform.db.doc('investmentPlans/gold').update({ roi: 13 });
      expect(await call('investments.payout', { id: 'matured', operationId: randomUUID(), version: preview.value.version })).toEqual({
        ok: false,
        error: { code: 'STALE_VERSION', message: 'This record changed since you opened it.' }
      });
    });
  });
});
