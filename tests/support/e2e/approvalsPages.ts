import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import type { ApprovalRequest } from '../../../src/shared/contract';
import { customerDoc, putCustomers, withFirestore, type TestCustomer } from './customerPages';
import { rpc, type AppAddress } from './fixtures';
import type { Shell } from './pages';

/** Above every demo withdrawal (at most $15,000), and covered by the demo's policy ($1,000.00 or more): a test's own withdrawal that needs a second administrator. */
export const COVERED_AMOUNT = 18_750;

/** A verified customer with room for it, and their pending withdrawal of COVERED_AMOUNT; its id. */
export async function putCoveredWithdrawal(who: TestCustomer): Promise<string> {
  await putCustomers([[who, { ...customerDoc(who, { balance: 40_000, verified: true, kyc: { status: 'approved' } }), withdrawalLimit: 50_000 }]]);
  const id = `${who.id}-withdrawal`;
  await withFirestore(async (db) => {
    await db.collection('withdrawals').doc(id).set({
      userId: who.id,
      email: who.email,
      username: who.fullname,
      amount: COVERED_AMOUNT,
      cryptoType: 'BITCOIN',
      walletAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      createdAt: Timestamp.now(),
      status: 'pending'
    });
  });
  return id;
}

/**
 * Sets the owner's approval policy through the API (null: no threshold; the demo ships with
 * DEMO_APPROVAL_POLICY, $1,000.00). The session on `app` must be an owner's; the password is
 * confirmed first, as saving settings wants.
 */
export async function setApprovalThreshold(request: APIRequestContext, app: AppAddress, password: string, withdrawalAtLeast: number | null): Promise<void> {
  const confirmed = await rpc(request, app, 'session.reauthenticate', { password });
  expect(confirmed.ok, JSON.stringify(confirmed.error)).toBe(true);
  const saved = await rpc(request, app, 'platformSettings.save', { changes: { approvals: { withdrawalAtLeast } }, operationId: randomUUID() });
  expect(saved.ok, JSON.stringify(saved.error)).toBe(true);
}

/** The approval requests open on a record ('withdrawals/abc'), read through the API of any signed-in session. */
export async function openRequestsOn(request: APIRequestContext, app: AppAddress, target: string): Promise<ApprovalRequest[]> {
  const listed = await rpc(request, app, 'approvals.list', { state: 'requires_review' });
  expect(listed.ok, JSON.stringify(listed.error)).toBe(true);
  return (listed.value as { requests: ApprovalRequest[] }).requests.filter((one) => one.target === target);
}

/** Approves a withdrawal through the API as the signed-in administrator; under the policy it becomes a request, whose id this returns. */
export async function askApproval(request: APIRequestContext, app: AppAddress, withdrawalId: string): Promise<string> {
  const asked = await rpc(request, app, 'withdrawals.setStatus', { id: withdrawalId, status: 'approved', operationId: randomUUID() });
  expect(asked.ok, JSON.stringify(asked.error)).toBe(true);
  const requestId = (asked.value as { approvalRequestId?: string }).approvalRequestId;
  expect(requestId, 'the policy covers the withdrawal').toBeDefined();
  return requestId!;
}

/** Cancels what is still open on a record (the signed-in administrator being the one who asked). */
export async function cancelOpenRequests(request: APIRequestContext, app: AppAddress, target: string): Promise<void> {
  for (const left of await openRequestsOn(request, app, target)) await rpc(request, app, 'approvals.cancel', { id: left.id });
}

/** The Approvals screen: its Open, Decided and All tabs and one card per request. */
export class ApprovalsScreen {
  constructor(readonly page: Page) {}

  async open(shell: Shell): Promise<void> {
    await shell.open('Approvals');
    await expect(shell.heading()).toHaveText('Approvals');
  }

  tab(label: 'Open' | 'Decided' | 'All'): Locator {
    return this.page.getByRole('navigation', { name: 'Approval requests by state' }).getByRole('link', { name: label, exact: true });
  }

  /** A request's card, named by its summary ("Approve withdrawal … of $… to …"). */
  request(summary: string): RequestCard {
    return new RequestCard(this.page, this.page.getByRole('article', { name: summary, exact: true }));
  }
}

/** One request on the Approvals screen: its state, facts, preview and the buttons the signed-in administrator is offered. */
export class RequestCard {
  readonly state: Locator;
  readonly approve: Locator;
  readonly reject: Locator;
  readonly cancel: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator
  ) {
    this.state = root.locator('header').getByText(/^(Awaiting approval|Approved|Applied|Rejected|Cancelled|Expired|Failed)$/);
    this.approve = root.getByRole('button', { name: 'Approve', exact: true });
    this.reject = root.getByRole('button', { name: 'Reject', exact: true });
    this.cancel = root.getByRole('button', { name: 'Cancel request', exact: true });
  }

  /** One of the card's facts by its label ("Asked by", "Decided by"). */
  fact(label: string): Locator {
    return this.root
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd')
      .first();
  }

  /** The withdrawal's facts and what approving would do now. */
  get withdrawalFacts(): Locator {
    return this.root.getByRole('region', { name: 'Withdrawal facts' });
  }

  get preview(): Locator {
    return this.root.getByRole('region', { name: 'What this change does' });
  }

  /** Approves and confirms; types the password where the main process asks for it first. */
  async approveWith(password: string): Promise<void> {
    await this.approve.click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Approve and apply?' });
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    const reauth = this.page.getByRole('dialog', { name: 'Confirm your password' });
    await expect(async () => {
      if (await reauth.isVisible()) {
        await reauth.getByLabel('Password').fill(password);
        await reauth.getByRole('button', { name: 'Confirm' }).click();
      }
      await expect(confirm).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }
}
