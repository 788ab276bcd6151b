import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { Timestamp } from 'firebase-admin/firestore';
import { DEMO_ADMIN, DEMO_APPROVER } from '../../tools/devenv/demo-accounts';
import { ApprovalsScreen, putCoveredWithdrawal } from '../support/e2e/approvalsPages';
import { customerDoc, putCustomers, removeTestCustomer, withFirestore, type TestCustomer } from '../support/e2e/customerPages';
import { expect as expectSoon, rpc, test } from '../support/e2e/fixtures';
import { Shell } from '../support/e2e/pages';

// The Approvals screen with open requests of several kinds (docs/product-rules.md §15.4, §15.6):
// each card names its kind and shows what approving would apply in its terms, and the kind filter
// narrows the list. The requests are written as the main process writes them, asked by another
// administrator, so the owner is offered Approve and Reject. Screenshots (1440x900, full page) go
// to SHOTS, outside the repository, for a person to look at.

// Two cores shared by several runs: the first screens may take longer than the default 10 s to read.
const expect = expectSoon.configure({ timeout: 45_000 });

const SHOTS = process.env.LEDGERDESK_SHOTS_DIR ?? '/tmp/shots-h8';
const run = Date.now().toString(36);
const adjusted: TestCustomer = { id: `e2e-kinds-adjust-${run}`, fullname: `Arlo Adjusted ${run}`, email: `arlo.adjusted.${run}@example.org` };
const leaving: TestCustomer = { id: `e2e-kinds-delete-${run}`, fullname: `Dora Leaving ${run}`, email: `dora.leaving.${run}@example.org` };
const withdrawing: TestCustomer = { id: `e2e-kinds-withdraw-${run}`, fullname: `Wes Kinds ${run}`, email: `wes.kinds.${run}@example.org` };

type Asked = {
  kind: string;
  target: string;
  method: string;
  decision: Record<string, unknown>;
  summary: string;
  why: string;
  change?: Record<string, unknown>;
};

/** An open request as approvals.ask stores it, asked by the demo's second administrator an hour ago. */
async function putRequest(id: string, asked: Asked): Promise<void> {
  const now = Date.now();
  await withFirestore((db) =>
    db
      .collection('approvalRequests')
      .doc(id)
      .set({
        change: asked.decision,
        ...asked,
        previewVersion: null,
        requestedBy: { uid: 'e2e-kinds-maker', email: DEMO_APPROVER.email },
        requestedAt: Timestamp.fromMillis(now - 3_600_000),
        expiresAt: Timestamp.fromMillis(now + 71 * 3_600_000),
        state: 'requires_review',
        decidedBy: null,
        decidedAt: null,
        reason: null
      })
  );
}

const removeRequests = (ids: string[]) => withFirestore(async (db) => Promise.all(ids.map((id) => db.collection('approvalRequests').doc(id).delete())));

test('the Approvals screen shows each kind of request in its own terms, and filters by kind', async ({ loginPage, page, request, app }) => {
  test.setTimeout(240_000);
  await loginPage.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const shell = new Shell(page);
  await expect(shell.heading()).toHaveText('Dashboard');
  mkdirSync(SHOTS, { recursive: true });
  await putCustomers([
    [adjusted, customerDoc(adjusted, { balance: 1_250, verified: true })],
    [leaving, customerDoc(leaving, { balance: 310.5, verified: true })]
  ]);
  const withdrawalId = await putCoveredWithdrawal(withdrawing);
  const wallets = (await rpc(request, app, 'wallets.get')).value as { addresses: Record<string, string | null> };
  const team = (await rpc(request, app, 'team.list')).value as { members: { uid: string; email: string }[] };
  const approver = team.members.find((member) => member.email === DEMO_APPROVER.email)!;
  const due = (await rpc(request, app, 'investments.due', {})).value as { rows: { id: string }[] } | undefined;
  const investment = due?.rows[0]?.id ?? 'no-such-investment';

  const ids: string[] = [];
  const ask = async (asked: Asked) => {
    const id = `e2e-kinds-${asked.kind}-${run}`;
    ids.push(id);
    await putRequest(id, asked);
  };
  try {
    await ask({
      kind: 'withdrawal',
      target: `withdrawals/${withdrawalId}`,
      method: 'withdrawals.setStatus',
      decision: { id: withdrawalId, status: 'approved' },
      summary: `Approve withdrawal ${withdrawalId} of $18,750.00`,
      why: "Withdrawals of $1,000.00 or more need a second administrator's approval."
    });
    await ask({
      kind: 'adjustment',
      target: `users/${adjusted.id}`,
      method: 'users.adjust',
      decision: { id: adjusted.id, field: 'balance', operation: 'add', amount: 2_500, reason: 'Bank transfer credited by hand', allowNegative: false },
      summary: `Balance of ${adjusted.fullname}: $1,250.00 -> $3,750.00`,
      why: "Manage adjustments of $1,000.00 or more need a second administrator's approval."
    });
    await ask({
      kind: 'payout',
      target: `investments/${investment}`,
      method: 'investments.payout',
      decision: { id: investment, overrideReason: 'Paid off its plan after the plan was edited' },
      summary: `Pay out investment ${investment}`,
      why: 'Payouts with an override need a second administrator.'
    });
    await ask({
      kind: 'customerDeletion',
      target: `users/${leaving.id}`,
      method: 'users.delete',
      decision: { id: leaving.id, reason: 'The customer asked to close the account' },
      summary: `Delete customer ${leaving.fullname}`,
      why: 'Deleting a customer needs a second administrator.'
    });
    await ask({
      kind: 'wallets',
      target: 'settings/walletAddresses',
      method: 'wallets.save',
      decision: { addresses: { ...wallets.addresses, ETHEREUM: '0x52908400098527886E0F7030069857D2E4169EE7' } },
      summary: 'Wallet addresses: ETHEREUM changed',
      why: 'Wallet address changes need a second administrator.'
    });
    await ask({
      kind: 'riskRules',
      target: 'settings/riskRules',
      method: 'riskRules.save',
      decision: {
        rules: {
          cap24h: 5_000,
          cap30d: 20_000,
          stepUpAbove: 10_000,
          blockedAddresses: [{ address: '0xbad0000000000000000000000000000000000bad', reason: 'Scam reports' }]
        }
      },
      summary: 'Risk rules: caps set, one address blocked',
      why: 'Risk rule changes need a second administrator.'
    });
    await ask({
      kind: 'policy',
      target: 'settings/ledgerdesk',
      method: 'platformSettings.save',
      decision: { changes: { approvals: { withdrawalAtLeast: 5_000, teamChanges: true } } },
      summary: 'Approval policy: withdrawals of $5,000.00 or more',
      why: 'Loosening the approval policy needs a second administrator.'
    });
    await ask({
      kind: 'team',
      target: `team/${approver.uid}`,
      method: 'team.setRole',
      decision: { uid: approver.uid, role: 'viewer' },
      summary: `Change the role of ${approver.email} to Viewer`,
      why: 'Team changes need a second administrator.'
    });

    const approvals = new ApprovalsScreen(page);
    await approvals.open(shell);
    const cards = page.getByRole('article');
    await expect(cards.filter({ hasText: run })).not.toHaveCount(0);
    // Each kind's view has read what is stored now.
    await expect(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    const wallet = approvals.request('Wallet addresses: ETHEREUM changed');
    await expect(wallet.root.getByRole('row', { name: /ETHEREUM/ })).toContainText('0x52908400098527886E0F7030069857D2E4169EE7');
    await expect(approvals.request(`Balance of ${adjusted.fullname}: $1,250.00 -> $3,750.00`).root.getByRole('row', { name: /Balance/ })).toContainText(
      '$3,750.00'
    );
    await expect(approvals.request(`Delete customer ${leaving.fullname}`).root).toContainText('will be archived');
    await expect(approvals.request(`Change the role of ${approver.email} to Viewer`).root.getByRole('row', { name: /Role/ })).toContainText('Viewer');
    await page.screenshot({ path: `${SHOTS}/approvals-all-kinds-light.png`, fullPage: true });

    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ rule: v.id, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
    ).toEqual([]);

    // The kind filter, by keyboard: only the risk rules' request, the choice kept in the address.
    const kind = page.getByRole('combobox', { name: 'Kind' });
    await kind.focus();
    await kind.selectOption({ label: 'Risk rules' });
    await expect(page).toHaveURL(/[?&]kind=riskRules/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Risk rules: caps set, one address blocked');
    await page.screenshot({ path: `${SHOTS}/approvals-kind-risk-rules.png`, fullPage: true });

    await kind.selectOption({ label: 'All kinds' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('[role="status"][aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/approvals-all-kinds-dark.png`, fullPage: true });
  } finally {
    await removeRequests(ids);
    await withFirestore((db) => db.collection('withdrawals').doc(withdrawalId).delete());
    await removeTestCustomer(adjusted);
    await removeTestCustomer(leaving);
    await removeTestCustomer(withdrawing);
  }
});
