import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import type { FindResult } from '../../src/shared/contract';
import { adminDb, at, freshPlatform, signedInApp, typed, writeMoneyFixtures } from '../support/integration/moneyFixtures';

/** The top bar's search (records.find) against the emulators: ids open records, text offers customers. */
describe('records.find against the emulators', () => {
  let db: Firestore;
  let closeDb: () => Promise<void>;
  let app: MainServices;

  beforeAll(async () => {
    ({ db, close: closeDb } = adminDb());
    await freshPlatform();
    await writeMoneyFixtures(db);
    await db.doc('compoundInvest/cmp1').set({
      email: 'dana@example.com',
      plan: 'Compound Gold',
      status: 'active',
      amount: 500,
      startAt: at('2026-01-05T10:00:00Z')
    });
    // Thirty customers whose names start alike: a name prefix must still read at most 20 of them.
    const batch = db.batch();
    for (let i = 0; i < 30; i++) {
      const n = String(i).padStart(2, '0');
      batch.set(db.doc(`users/many-${n}`), { fullname: `Manuel Many ${n}`, email: `many${n}@example.com`, timestamp: at('2026-01-01T00:00:00Z') });
    }
    await batch.commit();
    app = await signedInApp();
  });
  afterAll(async () => {
    await app?.dispose();
    await closeDb();
  });

  const find = async (query: string): Promise<FindResult> => {
    const result = await typed(app)('records.find', { query });
    if (!result.ok) throw new Error(`records.find("${query}") failed: ${result.error.code} ${result.error.message}`);
    return result.value;
  };

  it.each([
    ['dep-linked', 'deposit', 'Deposit of $123.45 by dana@example.com', 'dana'],
    ['wd-approve', 'withdrawal', 'Withdrawal of $250.00 by wes@example.com', 'wes'],
    ['inv1', 'investment', 'Investment of $123.45 by dana@example.com', null],
    ['cmp1', 'compoundInvestment', 'Compound investment of $500.00 by dana@example.com', null],
    ['wes', 'user', 'Wes Withdrawer', 'wes']
  ] as const)('a pasted id "%s" opens that %s', async (id, kind, label, userId) => {
    const { matches, documentsRead } = await find(`  ${id}\n`);
    expect(matches).toEqual([expect.objectContaining({ kind, id, label, userId })]);
    // Six collections (the deleted customers' too), one document each.
    expect(documentsRead).toBe(6);
  });

  it('says the status and the date of a money record, the e-mail of a customer', async () => {
    expect((await find('wd-approved')).matches[0]?.detail).toBe('approved · 2026-01-04T00:00:00.000Z');
    expect((await find('cmp1')).matches[0]?.detail).toBe('active · 2026-01-05T10:00:00.000Z');
    expect((await find('dana')).matches).toEqual([expect.objectContaining({ kind: 'user', label: 'Dana Depositor', detail: 'dana@example.com' })]);
  });

  it('offers customers whose e-mail starts with the text', async () => {
    const { matches, documentsRead } = await find('wes@exa');
    expect(matches).toEqual([expect.objectContaining({ kind: 'user', id: 'wes', label: 'Wes Withdrawer' })]);
    expect(documentsRead).toBeLessThanOrEqual(20 + 5);
  });

  it('offers customers whose name starts with the text, whatever its case, reading at most 20 of them', async () => {
    for (const text of ['manuel ma', 'Manuel', 'MANUEL MANY']) {
      const { matches, documentsRead } = await find(text);
      expect(matches.length, text).toBeGreaterThan(0);
      expect(
        matches.every((m) => m.kind === 'user' && m.label.startsWith('Manuel Many')),
        text
      ).toBe(true);
      expect(documentsRead, text).toBeLessThanOrEqual(20 + 5);
      const labels = matches.map((m) => m.label);
      expect(labels, text).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    }
    expect((await find('Dana D')).matches.map((m) => m.id)).toEqual(['dana']);
  });

  it('finds nothing, and fails on nothing, for an unknown id, junk or a path', async () => {
    const junk = [
      'no-such-record-id',
      'zzzz-not-a-customer',
      'a/b/c',
      'deposits/dep-linked',
      '/',
      '..',
      '__name__',
      '%00\u0000\uffff',
      '🙂🙂',
      "' OR 1=1 --",
      'x'.repeat(1500),
      // 1,500 characters but 6,000 bytes: too long for an id, still only a (fruitless) name search.
      '🙂'.repeat(1500)
    ];
    for (const text of junk) {
      const { matches } = await find(text);
      expect(matches, text.slice(0, 40)).toEqual([]);
    }
  });

  it('refuses an empty query as invalid input, not as a failure of the service', async () => {
    const result = await typed(app)('records.find', { query: '   ' });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});
