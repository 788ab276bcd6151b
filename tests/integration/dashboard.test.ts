import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { dashboardFigureNames, type DashboardFigure, type DashboardSummary, type VerificationCounts } from '../../src/shared/contract';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { resetEmulators } from '../../tools/devenv/emulators';
import { seedDemoData } from '../../tools/devenv/seed';
import { demoEnv, emulatorHosts, freshDataDir } from '../support/integration/emulatorHosts';

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

  type Owed = 'users.balanceTotal' | 'withdrawals.pendingAmount' | 'investments.activeAmount' | 'compoundInvestments.activeAmount';
  /** What each figure of what the platform owes covers: a collection's field, over the records `counts` keeps. */
  const owed: { figure: Owed; collection: string; field: string; counts: (status: unknown) => boolean }[] = [
    { figure: 'users.balanceTotal', collection: 'users', field: 'balance', counts: () => true },
    // Nothing decided them: pending, no status, or one Ledgerdesk does not recognise.
    { figure: 'withdrawals.pendingAmount', collection: 'withdrawals', field: 'amount', counts: (status) => status !== 'approved' && status !== 'rejected' },
    { figure: 'investments.activeAmount', collection: 'investments', field: 'amount', counts: (status) => status === 'active' },
    { figure: 'compoundInvestments.activeAmount', collection: 'compoundInvest', field: 'amount', counts: (status) => status === 'active' }
  ];
  const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0);
  /** The figure summed by hand over every document of the collection, in the figure's own terms. */
  type Hand = {
    value: number;
    leftOut: number;
    notFinite: number;
    owing?: { customers: number; amount: number };
    noStatus?: { count: number; amount: number };
  };
  const byHand = async ({ figure, collection, field, counts }: (typeof owed)[number]): Promise<Hand> => {
    const all = (await getFirestore(admin).collection(collection).get()).docs.filter((d) => counts(d.get('status')));
    const values: unknown[] = all.map((d) => d.get(field));
    const finite = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    const apart = {
      leftOut: values.filter((v) => typeof v !== 'number').length,
      notFinite: values.filter((v) => typeof v === 'number' && !Number.isFinite(v)).length
    };
    if (figure === 'users.balanceTotal') {
      // The liability is the balances above zero; those below it are what customers owe the platform.
      const below = finite.filter((v) => v < 0);
      return { value: cents(finite.filter((v) => v > 0)) / 100, ...apart, owing: { customers: below.length, amount: Math.abs(cents(below)) / 100 } };
    }
    if (figure === 'withdrawals.pendingAmount') {
      const undecided = all.filter((d) => d.get('status') !== 'pending').map((d) => d.get(field));
      const amounts = undecided.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      return { value: cents(finite) / 100, ...apart, noStatus: { count: undecided.length, amount: cents(amounts) / 100 } };
    }
    return { value: cents(finite) / 100, ...apart };
  };
  const owedFigure = async (name: Owed) => {
    const answer = await services.dispatch('dashboard.figure', { figure: name });
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as DashboardFigure;
  };

  it('sums what the platform owes from the records, and counts a text and a NaN amount beside each figure, not in it', async () => {
    const db = getFirestore(admin);
    const seeded = new Map<Owed, Hand>();
    for (const o of owed) {
      const hand = await byHand(o);
      expect(hand.value, o.figure).toBeGreaterThan(0);
      expect(await owedFigure(o.figure), o.figure).toMatchObject({ figure: o.figure, ...hand });
      seeded.set(o.figure, hand);
    }

    const when = new Date();
    const planted = {
      'users/owed-text': { fullname: 'Owed Text', email: 'owed.text@example.org', balance: '1,000.00', timestamp: when },
      'users/owed-nan': { fullname: 'Owed Nan', email: 'owed.nan@example.org', balance: Number.NaN, timestamp: when },
      'withdrawals/owed-text': { status: 'pending', amount: '250.00', createdAt: when },
      'withdrawals/owed-nan': { status: 'pending', amount: Number.NaN, createdAt: when },
      'investments/owed-text': { status: 'active', amount: '5,000', createdAt: when },
      'investments/owed-nan': { status: 'active', amount: Number.NaN, createdAt: when },
      'compoundInvest/owed-text': { status: 'active', amount: '5,000', startAt: when },
      'compoundInvest/owed-nan': { status: 'active', amount: Number.NaN, startAt: when }
    };
    await Promise.all(Object.entries(planted).map(([path, data]) => db.doc(path).set(data)));
    try {
      for (const o of owed) {
        const before = seeded.get(o.figure)!;
        const after = { ...before, leftOut: before.leftOut + 1, notFinite: before.notFinite + 1 };
        expect(await owedFigure(o.figure), o.figure).toMatchObject(after);
        expect(await byHand(o), o.figure).toEqual(after);
      }
    } finally {
      await Promise.all(Object.keys(planted).map((path) => db.doc(path).delete()));
    }
  });

  it('reports negative balances apart from the liability, and counts active compound investments and withdrawals with no status', async () => {
    const db = getFirestore(admin);
    const before = new Map<Owed, Hand>();
    for (const o of owed) before.set(o.figure, await byHand(o));
    const when = new Date();
    const planted = {
      // Two customers in debt to the platform: $120.50 and $0.25. A customer at zero changes nothing.
      'users/owes-platform': { fullname: 'Owes Platform', email: 'owes.platform@example.org', balance: -120.5, timestamp: when },
      'users/owes-a-little': { fullname: 'Owes Little', email: 'owes.little@example.org', balance: -0.25, timestamp: when },
      'users/at-zero': { fullname: 'At Zero', email: 'at.zero@example.org', balance: 0, timestamp: when },
      'users/holds-more': { fullname: 'Holds More', email: 'holds.more@example.org', balance: 99.99, timestamp: when },
      'compoundInvest/running': { email: 'holds.more@example.org', plan: 'Compound', amount: 2500, status: 'active', startAt: when },
      'compoundInvest/finished': { email: 'holds.more@example.org', plan: 'Compound', amount: 7000, status: 'completed', startAt: when },
      // Nothing decided these: no status field, a null one, an empty one.
      'withdrawals/no-status': { userId: 'holds-more', amount: 75.25, createdAt: when },
      'withdrawals/null-status': { userId: 'holds-more', amount: 10, status: null, createdAt: when },
      'withdrawals/empty-status': { userId: 'holds-more', amount: 4.5, status: '', createdAt: when },
      'withdrawals/pending-one': { userId: 'holds-more', amount: 30, status: 'pending', createdAt: when },
      'withdrawals/paid-one': { userId: 'holds-more', amount: 1000, status: 'approved', createdAt: when }
    };
    await Promise.all(Object.entries(planted).map(([path, data]) => db.doc(path).set(data)));
    try {
      const was = (figure: Owed) => before.get(figure)!;
      const expected: Record<Owed, object> = {
        // $99.99 more owed to customers; the two negative balances are not netted against it.
        'users.balanceTotal': {
          value: (cents([was('users.balanceTotal').value]) + 9_999) / 100,
          owing: { customers: was('users.balanceTotal').owing!.customers + 2, amount: (cents([was('users.balanceTotal').owing!.amount]) + 12_075) / 100 }
        },
        // 75.25 + 10 + 4.50 with no status, 30 pending; the approved 1,000 is paid out.
        'withdrawals.pendingAmount': {
          value: (cents([was('withdrawals.pendingAmount').value]) + 11_975) / 100,
          noStatus: {
            count: was('withdrawals.pendingAmount').noStatus!.count + 3,
            amount: (cents([was('withdrawals.pendingAmount').noStatus!.amount]) + 8_975) / 100
          }
        },
        'investments.activeAmount': { value: was('investments.activeAmount').value },
        'compoundInvestments.activeAmount': { value: (cents([was('compoundInvestments.activeAmount').value]) + 250_000) / 100 }
      };
      for (const o of owed) {
        const hand = await byHand(o);
        expect(hand, o.figure).toMatchObject(expected[o.figure]);
        expect(await owedFigure(o.figure), o.figure).toMatchObject({ figure: o.figure, ...hand });
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
