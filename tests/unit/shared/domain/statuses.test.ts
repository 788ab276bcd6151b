import { describe, expect, it } from 'vitest';
import { APPROVED_WITHDRAWAL_LOCKED, depositLock, REJECTED_WITHDRAWAL_LOCKED, SUCCESSFUL_DEPOSIT_LOCKED, withdrawalLock } from '@shared/domain/statuses';

// The list rows call the same functions with the row's status text (missing -> '', a number -> '3').
describe('the lock rule shared by the status machines and the list rows', () => {
  it.each(['pending', 'failed', '', undefined, null])('a deposit stored as %j is open', (status) => {
    expect(depositLock(status)).toBeNull();
  });

  it('a successful deposit keeps its own sentence', () => {
    expect(depositLock('success')).toBe(SUCCESSFUL_DEPOSIT_LOCKED);
  });

  it.each([
    ['Success', '"Success"'],
    ['approved', '"approved"'],
    ['3', '"3"'],
    [3, '3'],
    [{ a: 1 }, '{"a":1}']
  ])('a deposit stored as %j is locked, and the lock names the stored value', (status, shown) => {
    expect(depositLock(status)).toBe(
      `Cannot change status of this deposit: its stored status ${shown} is not one Ledgerdesk recognises (a deposit can change only from pending, failed or no status).`
    );
  });

  it.each(['pending', '', undefined, null])('a withdrawal stored as %j is open', (status) => {
    expect(withdrawalLock(status)).toBeNull();
  });

  it('approved and rejected withdrawals keep their sentences', () => {
    expect(withdrawalLock('approved')).toBe('Cannot change status of an approved withdrawal.');
    expect(APPROVED_WITHDRAWAL_LOCKED).toBe('Cannot change status of an approved withdrawal.');
    expect(withdrawalLock('rejected')).toBe(REJECTED_WITHDRAWAL_LOCKED);
  });

  it.each([
    ['cancelled', '"cancelled"'],
    ['Rejected', '"Rejected"'],
    ['failed', '"failed"'],
    [0, '0']
  ])('a withdrawal stored as %j is locked, and the lock names the stored value', (status, shown) => {
    expect(withdrawalLock(status)).toBe(
      `Cannot change status of this withdrawal: its stored status ${shown} is not one Ledgerdesk recognises (a withdrawal can change only from pending or no status).`
    );
  });
});
