import type { DocSnapshot } from '../../src/shared/domain/changeset';

/** Test builders: a plain customer, deposit, withdrawal and investment, overridable field by field. */
export const customer = (id: string, data: Record<string, unknown> = {}): DocSnapshot => ({
  id,
  data: {
    fullname: `Customer ${id}`,
    email: `${id}@example.com`,
    balance: 0,
    Totaldeposit: 0,
    Totalwithdrawal: 0,
    myReferralId: `REF-${id}`,
    ...data
  }
});

export const deposit = (data: Record<string, unknown> = {}) => ({
  id: 'd1',
  data: { userId: 'u1', userEmail: 'u1@example.com', method: 'BITCOIN', amount: 123.45, status: 'pending', ...data }
});

export const withdrawal = (data: Record<string, unknown> = {}) => ({
  id: 'w1',
  data: {
    userId: 'u1',
    email: 'u1@example.com',
    cryptoType: 'ETHEREUM',
    walletAddress: '0xabc',
    amount: 250,
    status: 'pending',
    ...data
  }
});

/** An investment deposit d1 (u1, 123.45) may activate: the same customer, the same amount, pending. */
export const investment = (data: Record<string, unknown> = {}) => ({
  id: 'i1',
  data: { userId: 'u1', email: 'u1@example.com', plan: 'Gold', amount: 123.45, status: 'pending', ...data }
});

export const PLATFORM = 'Acme Invest';
