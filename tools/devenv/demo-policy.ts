// The demo's approval policy (settings/ledgerdesk.approvals, docs/product-rules.md §15.6): seeded by
// seed.ts, printed by `npm start`, and read by the tests that approve the demo's withdrawals.
import { formatUsd } from '../../src/shared/domain/money';
import { DEMO_APPROVER } from './demo-accounts';

/** Withdrawals of $1,000.00 or more need a second administrator; every other kind stays off in the demo. */
export const DEMO_APPROVAL_POLICY = { withdrawalAtLeast: 1000 } as const;

/** The line `npm start` prints under the demo accounts. */
export const demoPolicyLine = (): string =>
  `Approval policy: withdrawals of ${formatUsd(DEMO_APPROVAL_POLICY.withdrawalAtLeast)} or more need a second administrator (${DEMO_APPROVER.email})`;
