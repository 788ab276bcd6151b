import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import type { MainServices } from '../../../src/main/compose';
import { at, typed } from './moneyFixtures';

/**
 * Customers and records whose reconciliation is known by hand: the desktop's run
 * (reconciliation.test.ts) and the server's (functions/reconciliation.test.ts) must both find it.
 */

export const when = at('2026-02-01T00:00:00Z');
export const customers: Record<string, Record<string, unknown>> = {
  // Consistent: two successful deposits (a pending one does not count), two approved withdrawals
  // (a rejected one does not), one of them naming her with a space after her id.
  'a-ann': { fullname: 'Ann', email: 'ann@example.com', Totaldeposit: 300, Totalwithdrawal: 70 },
  // Consistent once Manage adds $12.50 (the test does it through users.adjust); one deposit names him as " b-bob ".
  'b-bob': { fullname: 'Bob', email: 'bob@example.com', Totaldeposit: 140, Totalwithdrawal: 0 },
  // $50 more than its deposits.
  'c-cat': { fullname: 'Cat', email: 'cat@example.com', Totaldeposit: 500 },
  // A deposit whose amount is the text "250.00", which the approval credited: it explains the total.
  'd-dan': { fullname: 'Dan', email: 'dan@example.com', Totaldeposit: 250 },
  // The platform's spelling holds the withdrawal; Ledgerdesk's own figure does not.
  'e-eve': { fullname: 'Eve', email: 'eve@example.com', Totalwithdrawal: 0, Totalwithdrawals: 30 },
  // A figure that is not a number cannot be checked.
  'f-fay': { fullname: 'Fay', email: 'fay@example.com', Totaldeposit: 'lots' },
  // A deposit whose amount no approval would read: counted apart, the (missing) total is not drift.
  'g-gus': { fullname: 'Gus', email: 'gus@example.com' }
};
export const deposits: [string, string, unknown, string][] = [
  ['a-ann', 'dep-a1', 100, 'success'],
  ['a-ann', 'dep-a2', 200, 'success'],
  ['a-ann', 'dep-a3', 50, 'pending'],
  ['b-bob', 'dep-b1', 100, 'success'],
  [' b-bob ', 'dep-b2', 40, 'success'],
  ['c-cat', 'dep-c1', 150, 'success'],
  ['c-cat', 'dep-c2', 300, 'success'],
  ['d-dan', 'dep-d1', '250.00', 'success'],
  ['g-gus', 'dep-g1', 'about 50', 'success'],
  ['zz-ghost', 'dep-z1', 10, 'success']
];
export const withdrawals: [string, string, unknown, string][] = [
  ['a-ann', 'wd-a1', 50, 'approved'],
  ['a-ann', 'wd-a2', 20, 'rejected'],
  ['a-ann ', 'wd-a3', 20, 'approved'],
  ['e-eve', 'wd-e1', 30, 'approved'],
  ['0-nobody', 'wd-01', 5, 'approved']
];
export const EXPECTED_DRIFTED = ['c-cat', 'e-eve', 'f-fay'];
/** What every run over these customers counts, whatever its pages, stops and resumes. */
export const EXPECTED_TOTALS = { customers: 7, drifted: 3, unreadable: 1, deposits: 8, withdrawals: 3, adjustments: 1, unsummable: 1, orphans: 2 };
export const EXPECTED_ORPHANS = ['withdrawals/wd-01', 'deposits/dep-z1'];

/** Writes them, and the Manage adjustment that explains Bob's total (made through the app, so it is audited). */
export async function seedReconciliation(db: Firestore, app: MainServices): Promise<void> {
  const batch = db.batch();
  for (const [id, data] of Object.entries(customers)) batch.set(db.doc(`users/${id}`), { ...data, timestamp: when });
  for (const [userId, id, amount, status] of deposits) batch.set(db.doc(`deposits/${id}`), { userId, amount, status, method: 'BITCOIN', timestamp: when });
  for (const [userId, id, amount, status] of withdrawals)
    batch.set(db.doc(`withdrawals/${id}`), { userId, amount, status, cryptoType: 'BITCOIN', createdAt: when });
  await batch.commit();
  const adjusted = await typed(app)('users.adjust', {
    operationId: randomUUID(),
    id: 'b-bob',
    field: 'Totaldeposit',
    operation: 'add',
    amount: 12.5,
    reason: 'Bonus deposit credited by hand',
    allowNegative: false
  });
  expect(adjusted.ok).toBe(true);
}
