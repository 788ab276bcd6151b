import { describe, expect, it } from 'vitest';
import { alreadyTaken, operationOf } from '@core/operations';

describe('an action as the store fingerprints it', () => {
  const id = '6a1f3c2e-9b8d-4e7f-a6b5-c4d3e2f1a0b9';

  it('is what is asked for, whatever preview or reason it was decided on', () => {
    const asked = operationOf('deposits.setStatus', { operationId: id, id: 'd1', status: 'success', version: 'v2.a.b', reason: 'Paid' });
    const retried = operationOf('deposits.setStatus', { operationId: id, id: 'd1', status: 'success', version: 'v2.c.d', reason: 'Paid, checked' });
    expect(retried).toEqual(asked);
  });

  it('differs for another record, status, method or amount', () => {
    const base = operationOf('deposits.setStatus', { operationId: id, id: 'd1', status: 'success' }).fingerprint;
    expect(operationOf('deposits.setStatus', { operationId: id, id: 'd2', status: 'success' }).fingerprint).not.toBe(base);
    expect(operationOf('deposits.setStatus', { operationId: id, id: 'd1', status: 'failed' }).fingerprint).not.toBe(base);
    expect(operationOf('withdrawals.setStatus', { operationId: id, id: 'd1', status: 'success' }).fingerprint).not.toBe(base);
    const adjust = { operationId: id, id: 'u1', field: 'balance', operation: 'add', amount: 5, reason: 'x' };
    expect(operationOf('users.adjust', adjust).fingerprint).not.toBe(operationOf('users.adjust', { ...adjust, amount: 6 }).fingerprint);
  });

  it('says an action was already taken and what it did, never that an id was reused', () => {
    expect(alreadyTaken('Deposit of $5.00 from a@example.com: pending -> success')).toBe(
      'This action was already taken (Deposit of $5.00 from a@example.com: pending -> success), so nothing more was written. Close the dialog to see the record as it is now.'
    );
    expect(alreadyTaken(undefined)).toBe('This action was already taken, so nothing more was written. Close the dialog to see the record as it is now.');
  });
});
