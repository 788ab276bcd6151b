import type { InvestmentRow } from '@shared/contract';

/** An active, matured investment of $100 on Gold (10 % over 30 days) as the lists get it; the given fields replace these. */
export const investmentRow = (fields: Partial<InvestmentRow> = {}): InvestmentRow => ({
  id: 'i1',
  userId: 'u-sam',
  email: 'sam@example.com',
  amount: 100,
  amountRaw: null,
  status: 'active',
  plan: 'Gold',
  roi: 10,
  duration: 30,
  createdAt: '2024-01-01T00:00:00.000Z',
  maturesAt: '2024-01-31T00:00:00.000Z',
  roiDue: 10,
  maturityNote: null,
  paidOutAt: null,
  approvalRequestId: null,
  ...fields
});
