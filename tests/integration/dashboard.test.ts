import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { dashboardFigureNames, type DashboardFigure, type DashboardSummary, type VerificationCounts } from '../../src/shared/contract';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { seedDemoData } from '../../tools/devenv/seed';
import { demoEnv, emulatorHosts, freshDataDir } from './support';

// The dashboard's aggregation figures must equal a count done by hand over every document.
describe('dashboard figures', () => {
  let services: MainServices;
  let admin: App;

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    await seedDemoData(emulatorHosts());
    services = await startMainServices({ transport: 'browser', dataDir: freshDataDir(), version: 'test', env: demoEnv() });
    await services.dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    process.env.METADATA_SERVER_DETECTION = 'none';
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `dashboard-check-${Date.now()}`);
  });
  afterAll(async () => {
    await services?.dispose();
    if (admin) await deleteApp(admin);
  });

  it('equals a hand count of the seeded deposits and withdrawals', async () => {
    const db = getFirestore(admin);
    const [deposits, withdrawals] = await Promise.all([db.collection('deposits').get(), db.collection('withdrawals').get()]);
    const tally = (docs: FirebaseFirestore.QueryDocumentSnapshot[], status: string) => docs.filter((d) => d.get('status') === status);
    const cents = (docs: FirebaseFirestore.QueryDocumentSnapshot[]) =>
      docs.reduce((sum, d) => (typeof d.get('amount') === 'number' ? sum + Math.round(d.get('amount') * 100) : sum), 0) / 100;

    const result = await services.dispatch('dashboard.summary', {});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      deposits: {
        total: deposits.size,
        success: tally(deposits.docs, 'success').length,
        pending: tally(deposits.docs, 'pending').length,
        failed: tally(deposits.docs, 'failed').length,
        successAmount: cents(tally(deposits.docs, 'success')),
        leftOut: tally(deposits.docs, 'success').filter((d) => typeof d.get('amount') !== 'number').length
      },
      withdrawals: {
        total: withdrawals.size,
        approved: tally(withdrawals.docs, 'approved').length,
        pending: tally(withdrawals.docs, 'pending').length,
        rejected: tally(withdrawals.docs, 'rejected').length,
        approvedAmount: cents(tally(withdrawals.docs, 'approved')),
        leftOut: tally(withdrawals.docs, 'approved').filter((d) => typeof d.get('amount') !== 'number').length
      }
    });
    expect(deposits.size).toBeGreaterThanOrEqual(200);
  });

  it('counts the successful deposits whose amount is not a number, and sums the rest', async () => {
    const db = getFirestore(admin);
    const when = new Date();
    await db.doc('deposits/bad-string').set({ status: 'success', amount: '1,000.00', timestamp: when });
    await db.doc('deposits/bad-null').set({ status: 'success', amount: null, timestamp: when });
    await db.doc('deposits/bad-missing').set({ status: 'success', timestamp: when });
    await db.doc('deposits/good').set({ status: 'success', amount: 0.1, timestamp: when });
    const before = (await db.collection('deposits').where('status', '==', 'success').get()).docs;
    const result = await services.dispatch('dashboard.summary', {});
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value as { deposits: { leftOut: number; success: number } };
    expect(value.deposits.success).toBe(before.length);
    expect(value.deposits.leftOut).toBe(before.filter((d) => typeof d.get('amount') !== 'number').length);
    expect(value.deposits.leftOut).toBeGreaterThanOrEqual(3);
  });

  it('adds up each of the last 30 days from aggregations', async () => {
    const db = getFirestore(admin);
    const [deposits, withdrawals] = await Promise.all([
      db.collection('deposits').where('status', '==', 'success').get(),
      db.collection('withdrawals').where('status', '==', 'approved').get()
    ]);
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const byDay = (docs: FirebaseFirestore.QueryDocumentSnapshot[], field: string) => {
      const sums = new Map<string, number>();
      for (const d of docs) {
        const amount = d.get('amount');
        const at = d.get(field);
        if (typeof amount !== 'number' || !at?.toDate) continue;
        const key = day(at.toDate());
        sums.set(key, (sums.get(key) ?? 0) + Math.round(amount * 100));
      }
      return sums;
    };
    const deposited = byDay(deposits.docs, 'timestamp');
    const withdrawn = byDay(withdrawals.docs, 'createdAt');

    const result = await services.dispatch('dashboard.daily', {});
    if (!result.ok) throw new Error(result.error.message);
    const days = (result.value as { days: { date: string; deposited: number; withdrawn: number }[] }).days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(day(new Date()));
    for (const d of days) {
      expect(d.deposited, d.date).toBe((deposited.get(d.date) ?? 0) / 100);
      expect(d.withdrawn, d.date).toBe((withdrawn.get(d.date) ?? 0) / 100);
    }
    expect(days.some((d) => d.deposited > 0)).toBe(true);
  });

  it('keeps every money figure finite when a stored amount is NaN or infinite, and says what it left out', async () => {
    const db = getFirestore(admin);
    const when = new Date();
    const bad = [
      db.doc('deposits/nan-amount').set({ status: 'success', amount: Number.NaN, timestamp: when }),
      db.doc('deposits/infinite-amount').set({ status: 'success', amount: Number.POSITIVE_INFINITY, timestamp: when }),
      db.doc('withdrawals/minus-infinite-amount').set({ status: 'approved', amount: Number.NEGATIVE_INFINITY, createdAt: when })
    ];
    await Promise.all(bad);
    try {
      const [deposits, withdrawals] = await Promise.all([
        db.collection('deposits').where('status', '==', 'success').get(),
        db.collection('withdrawals').where('status', '==', 'approved').get()
      ]);
      const finiteCents = (docs: FirebaseFirestore.QueryDocumentSnapshot[]) =>
        docs.reduce((sum, d) => (typeof d.get('amount') === 'number' && Number.isFinite(d.get('amount')) ? sum + Math.round(d.get('amount') * 100) : sum), 0) /
        100;
      const text = (docs: FirebaseFirestore.QueryDocumentSnapshot[]) => docs.filter((d) => typeof d.get('amount') !== 'number').length;

      const figure = async (name: 'deposits.successAmount' | 'withdrawals.approvedAmount') => {
        const answer = await services.dispatch('dashboard.figure', { figure: name });
        if (!answer.ok) throw new Error(answer.error.message);
        return answer.value as DashboardFigure;
      };
      expect(await figure('deposits.successAmount')).toMatchObject({ value: finiteCents(deposits.docs), leftOut: text(deposits.docs), notFinite: 2 });
      expect(await figure('withdrawals.approvedAmount')).toMatchObject({ value: finiteCents(withdrawals.docs), leftOut: text(withdrawals.docs), notFinite: 1 });

      const summary = await services.dispatch('dashboard.summary', {});
      expect(summary.ok).toBe(true);

      const daily = await services.dispatch('dashboard.daily', {});
      if (!daily.ok) throw new Error(daily.error.message);
      const totals = daily.value as { days: { date: string; deposited: number; withdrawn: number }[]; unsummed: { deposits: number; withdrawals: number } };
      expect(totals.days.every((d) => Number.isFinite(d.deposited) && Number.isFinite(d.withdrawn))).toBe(true);
      // Today's records: the two deposits and the withdrawal, plus any text amounts of the same day.
      expect(totals.unsummed.deposits).toBeGreaterThanOrEqual(2);
      expect(totals.unsummed.withdrawals).toBeGreaterThanOrEqual(1);
    } finally {
      await Promise.all(['deposits/nan-amount', 'deposits/infinite-amount', 'withdrawals/minus-infinite-amount'].map((path) => db.doc(path).delete()));
    }
  });

  it('sums what the platform owes from the records, and counts a text and a NaN amount beside each figure, not in it', async () => {
    const db = getFirestore(admin);
    type Owed = 'users.balanceTotal' | 'withdrawals.pendingAmount' | 'investments.activeAmount';
    const owed: { figure: Owed; collection: string; field: string; status: string | null }[] = [
      { figure: 'users.balanceTotal', collection: 'users', field: 'balance', status: null },
      { figure: 'withdrawals.pendingAmount', collection: 'withdrawals', field: 'amount', status: 'pending' },
      { figure: 'investments.activeAmount', collection: 'investments', field: 'amount', status: 'active' }
    ];
    const byHand = async ({ collection, field, status }: (typeof owed)[number]) => {
      const all = await (status === null ? db.collection(collection) : db.collection(collection).where('status', '==', status)).get();
      const values: unknown[] = all.docs.map((d) => d.get(field));
      const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      return {
        value: finite.reduce((cents, v) => cents + Math.round(v * 100), 0) / 100,
        leftOut: values.filter((v) => typeof v !== 'number').length,
        notFinite: values.filter((v) => typeof v === 'number' && !Number.isFinite(v)).length
      };
    };
    const figure = async (name: Owed) => {
      const answer = await services.dispatch('dashboard.figure', { figure: name });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value as DashboardFigure;
    };

    const seeded = new Map<Owed, Awaited<ReturnType<typeof byHand>>>();
    for (const o of owed) {
      const hand = await byHand(o);
      expect(hand.value, o.figure).toBeGreaterThan(0);
      expect(await figure(o.figure), o.figure).toMatchObject({ figure: o.figure, ...hand });
      seeded.set(o.figure, hand);
    }

    const when = new Date();
    const planted = {
      'users/owed-text': { fullname: 'Owed Text', email: 'owed.text@example.org', balance: '1,000.00', timestamp: when },
      'users/owed-nan': { fullname: 'Owed Nan', email: 'owed.nan@example.org', balance: Number.NaN, timestamp: when },
      'withdrawals/owed-text': { status: 'pending', amount: '250.00', createdAt: when },
      'withdrawals/owed-nan': { status: 'pending', amount: Number.NaN, createdAt: when },
      'investments/owed-text': { status: 'active', amount: '5,000', createdAt: when },
      'investments/owed-nan': { status: 'active', amount: Number.NaN, createdAt: when }
    };
    await Promise.all(Object.entries(planted).map(([path, data]) => db.doc(path).set(data)));
    try {
      for (const o of owed) {
        const before = seeded.get(o.figure)!;
        expect(await figure(o.figure), o.figure).toMatchObject({
          value: before.value,
          leftOut: before.leftOut + 1,
          notFinite: before.notFinite + 1
        });
        expect(await byHand(o), o.figure).toEqual({ value: before.value, leftOut: before.leftOut + 1, notFinite: before.notFinite + 1 });
      }
    } finally {
      await Promise.all(Object.keys(planted).map((path) => db.doc(path).delete()));
    }
  });

  /** Customers whose kyc.status is "pending", counted over every customer document. */
  const pendingKycByHand = async () => (await getFirestore(admin).collection('users').get()).docs.filter((d) => d.get('kyc.status') === 'pending').length;

  it('counts the customers whose KYC waits for review, as the users page does, and follows a decision', async () => {
    const db = getFirestore(admin);
    const figure = async () => {
      const answer = await services.dispatch('dashboard.figure', { figure: 'kyc.pending' });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value as DashboardFigure;
    };
    const before = await pendingKycByHand();
    expect(before).toBeGreaterThan(0);
    expect(await figure()).toMatchObject({ figure: 'kyc.pending', value: before, leftOut: null });
    const counts = await services.dispatch('users.verificationCounts', {});
    if (!counts.ok) throw new Error(counts.error.message);
    expect((counts.value as VerificationCounts).kyc.pending).toBe(before);

    // A new submission joins the queue; a customer without KYC or with a decided one does not count.
    await db
      .doc('users/kyc-card-waiting')
      .set({ fullname: 'Kyc Waiting', email: 'kyc.waiting@example.org', timestamp: new Date(), kyc: { status: 'pending' } });
    await db
      .doc('users/kyc-card-approved')
      .set({ fullname: 'Kyc Approved', email: 'kyc.approved@example.org', timestamp: new Date(), kyc: { status: 'approved' } });
    await db.doc('users/kyc-card-none').set({ fullname: 'Kyc None', email: 'kyc.none@example.org', timestamp: new Date() });
    expect((await figure()).value).toBe(before + 1);

    const decided = await services.dispatch('users.decideKyc', { id: 'kyc-card-waiting', status: 'approved', operationId: crypto.randomUUID() });
    expect(decided.ok).toBe(true);
    expect((await figure()).value).toBe(before);
    expect(await pendingKycByHand()).toBe(before);
    await Promise.all(['kyc-card-waiting', 'kyc-card-approved', 'kyc-card-none'].map((id) => db.doc(`users/${id}`).delete()));
  });

  it('answers each card alone with the figure the summary has, and keeps the last ones for the session only', async () => {
    const summary = await services.dispatch('dashboard.summary', {});
    if (!summary.ok) throw new Error(summary.error.message);
    const s = summary.value as DashboardSummary;
    const expected: Record<string, [number, number | null]> = {
      'withdrawals.total': [s.withdrawals.total, null],
      'withdrawals.approved': [s.withdrawals.approved, null],
      'withdrawals.pending': [s.withdrawals.pending, null],
      'withdrawals.rejected': [s.withdrawals.rejected, null],
      'withdrawals.approvedAmount': [s.withdrawals.approvedAmount, s.withdrawals.leftOut],
      'deposits.total': [s.deposits.total, null],
      'deposits.success': [s.deposits.success, null],
      'deposits.pending': [s.deposits.pending, null],
      'deposits.failed': [s.deposits.failed, null],
      'deposits.successAmount': [s.deposits.successAmount, s.deposits.leftOut],
      'kyc.pending': [await pendingKycByHand(), null]
    };
    const answers = await Promise.all(dashboardFigureNames.map((figure) => services.dispatch('dashboard.figure', { figure })));
    answers.forEach((answer, i) => {
      const name = dashboardFigureNames[i]!;
      expect(answer.ok, name).toBe(true);
      // The summary's figures must agree with it. The others are checked against their records elsewhere: what the
      // platform owes above, the due ones in investments-due.test.ts, expired KYC in cases.test.ts, drift in reconciliation.test.ts.
      const [value, leftOut] = expected[name] ?? [];
      if (answer.ok) expect(answer.value, name).toMatchObject(value === undefined ? { figure: name } : { figure: name, value, leftOut });
    });

    const kept = await services.dispatch('dashboard.lastFigures', {});
    if (!kept.ok) throw new Error(kept.error.message);
    expect((kept.value as { figures: { figure: string }[] }).figures.map((f) => f.figure)).toEqual([...dashboardFigureNames]);

    await services.dispatch('session.signOut', {});
    expect(await services.dispatch('dashboard.lastFigures', {})).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    await services.dispatch('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    expect(await services.dispatch('dashboard.lastFigures', {})).toEqual({ ok: true, value: { figures: [] } });
  });
});
