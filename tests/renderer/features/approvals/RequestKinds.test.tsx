// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalsPage } from '@renderer/features/approvals/ApprovalsPage';
import { signInAs } from '../../../support/renderer/session';
import { showInApp } from '../../../support/renderer/render';
import { fakeApi, ok, requests, unknownKind } from './fixtures';

// The Approvals screen for every kind (docs/product-rules.md §15.4, §15.6): each card names its
// kind, links to its record, and shows what approving would apply in that kind's terms; a kind
// filter beside the state tabs, kept in the address (?kind=).

afterEach(() => {
  cleanup();
  signInAs('owner');
  delete (window as unknown as { api?: unknown }).api;
});

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{location.search}</output>;
}

const show = (url = '/approvals') =>
  showInApp(
    <>
      <ApprovalsPage />
      <Where />
    </>,
    url
  );

const card = (summary: string) => screen.findByRole('article', { name: summary });

/** The before -> after table's row for a setting: its cells' text, " | " between cells. */
const row = (table: HTMLElement, label: string) =>
  Array.from(within(table).getByRole('rowheader', { name: label }).closest('tr')!.children, (cell) => cell.textContent!.trim())
    .filter(Boolean)
    .join(' | ');

describe('a card of each kind', () => {
  it('a Manage adjustment: the customer, the figure, the amount and reason, and the figure now against after', async () => {
    const sent = fakeApi([requests.adjustment]);
    show();
    const shown = await card(requests.adjustment.summary);
    expect(within(shown).getByText('Manage adjustment')).toBeTruthy();
    expect(within(shown).getByRole('link', { name: "Open the customer's page" }).getAttribute('href')).toBe('/users/wes');
    const table = await within(shown).findByRole('table');
    expect(row(table, 'Balance')).toBe('Balance | $40.00 | $2,540.00 (changed)');
    const facts = within(shown).getByRole('region', { name: 'Adjustment' });
    expect(within(facts).getByText('Wes Withdrawer')).toBeTruthy();
    expect(within(facts).getByText('Add').nextElementSibling?.textContent).toBe('$2,500.00');
    expect(within(facts).getByText('Deposit credited by hand')).toBeTruthy();
    expect(sent['users.profile']?.[0]).toEqual({ id: 'wes' });
  });

  it('an adjustment that would take the figure below zero unconfirmed says it would not apply', async () => {
    fakeApi([{ ...requests.adjustment, decision: { ...requests.adjustment.decision, operation: 'subtract', amount: 100 } }]);
    show();
    const shown = await card(requests.adjustment.summary);
    expect(await within(shown).findByText(/Balance would go below zero \(-\$60\.00\), which the administrator who asked did not confirm/)).toBeTruthy();
  });

  it("a payout with an override: the reason, and the investment's payout preview of that decision", async () => {
    const sent = fakeApi([requests.payout]);
    show();
    const shown = await card(requests.payout.summary);
    expect(within(shown).getByText('Payout with an override')).toBeTruthy();
    expect(within(shown).getByRole('link', { name: 'Open the investment' }).getAttribute('href')).toBe('/investments?focus=inv-7');
    expect(within(shown).getByText('Customer asked again after the plan changed')).toBeTruthy();
    expect(await within(shown).findByText('Balance of Ivy Investor')).toBeTruthy();
    expect(sent['investments.payoutPreview']?.[0]).toEqual({ id: 'inv-7', overrideReason: 'Customer asked again after the plan changed' });
  });

  it('a payout the rule refuses now says approving would not apply, in the rule’s words', async () => {
    fakeApi([requests.payout], {
      'investments.payoutPreview': () =>
        ok({
          allowed: false,
          refusal: { code: 'CONFLICT', message: 'This investment was already paid out.' },
          effects: [],
          activation: null,
          emails: [],
          notes: [],
          overrides: [],
          needsApproval: null,
          version: 'v2'
        })
    });
    show();
    const shown = await card(requests.payout.summary);
    expect(await within(shown).findByText('This investment was already paid out.')).toBeTruthy();
    expect(within(shown).getByText('Approving would not apply now.')).toBeTruthy();
  });

  it("a customer deletion: the customer's figures now, the reason, and that they will be archived", async () => {
    fakeApi([requests.customerDeletion]);
    show();
    const shown = await card(requests.customerDeletion.summary);
    expect(within(shown).getByText('Customer deletion')).toBeTruthy();
    const facts = await within(shown).findByRole('region', { name: 'Customer to delete' });
    expect(within(facts).getByText('Dora Deleted')).toBeTruthy();
    expect(within(facts).getByText('Balance').nextElementSibling?.textContent).toBe('$250.00');
    expect(within(facts).getByText('Total Withdrawal').nextElementSibling?.textContent).toBe('$650.00');
    expect(within(facts).getByText('Asked to close the account')).toBeTruthy();
    expect(within(shown).getByText(/will be archived under Deleted customers/)).toBeTruthy();
    expect(within(shown).getByText(/chose Delete anyway/)).toBeTruthy();
    expect(within(shown).getByRole('link', { name: "Open the customer's page" }).getAttribute('href')).toBe('/users/del');
  });

  it('wallet addresses: each coin now against after, the changed one marked', async () => {
    fakeApi([requests.wallets]);
    show();
    const shown = await card(requests.wallets.summary);
    expect(within(shown).getByText('Wallet addresses', { selector: 'span' })).toBeTruthy();
    const table = await within(shown).findByRole('table');
    expect(row(table, 'ETHEREUM')).toBe('ETHEREUM | 0x0000000000000000000000000000000000000001 | 0x52908400098527886E0F7030069857D2E4169EE7 (changed)');
    expect(row(table, 'BITCOIN')).toMatch(/\(unchanged\)$/);
    expect(row(table, 'USDT')).toBe('USDT | None | None(unchanged)');
    expect(within(shown).getByRole('link', { name: 'Open Admin Wallet Addresses' }).getAttribute('href')).toBe('/walletsettings');
  });

  it('risk rules: the caps now against after and the addresses it blocks', async () => {
    fakeApi([requests.riskRules]);
    show();
    const shown = await card(requests.riskRules.summary);
    const table = await within(shown).findByRole('table');
    expect(row(table, '24-hour cap')).toBe("24-hour cap | Each customer's own withdrawal limit | $5,000.00 (changed)");
    expect(row(table, 'Password asked for approvals above')).toMatch(/\| \$10,000\.00 \| \$10,000\.00\(unchanged\)$/);
    expect(row(table, 'Blocked addresses')).toBe('Blocked addresses | 0 addresses | 1 addressBlocks 0xbad (Scam reports) (changed)');
    expect(within(shown).getByRole('link', { name: 'Open Risk rules' }).getAttribute('href')).toBe('/risk-rules');
  });

  it('the approval policy: each rule it sets, in the owner’s words, now against after', async () => {
    fakeApi([requests.policy]);
    show();
    const shown = await card(requests.policy.summary);
    expect(within(shown).getByText('Approval policy', { selector: 'span' })).toBeTruthy();
    const table = await within(shown).findByRole('table');
    expect(row(table, 'Manage adjustments needing a second administrator')).toBe(
      'Manage adjustments needing a second administrator | Never | $2,000.00 or more (changed)'
    );
    expect(row(table, 'Wallet address changes need a second administrator')).toBe('Wallet address changes need a second administrator | On | Off (changed)');
    expect(within(table).queryByText('Withdrawals needing a second administrator')).toBeNull();
  });

  it('a team change: the member, the action and the role before and after (the owner reads the team)', async () => {
    fakeApi([requests.team]);
    show();
    const shown = await card(requests.team.summary);
    expect(within(shown).getByText('Team change', { selector: 'span' })).toBeTruthy();
    const facts = within(shown).getByRole('region', { name: 'Member' });
    expect(within(facts).getByText('Change role')).toBeTruthy();
    expect(await within(facts).findByText('sam@ledgerdesk.test')).toBeTruthy();
    expect(row(await within(shown).findByRole('table'), 'Role')).toBe('Role | Admin | Viewer (changed)');
    expect(within(shown).getByRole('link', { name: 'Open Team' }).getAttribute('href')).toBe('/team');
  });

  it('a team change for a role that cannot read the team: the member by id, the role asked, no team read', async () => {
    signInAs('admin');
    const sent = fakeApi([requests.team]);
    show();
    const shown = await card(requests.team.summary);
    const facts = within(shown).getByRole('region', { name: 'Member' });
    expect(within(facts).getByText('uid-sam')).toBeTruthy();
    expect(within(facts).getByText('Viewer')).toBeTruthy();
    expect(sent['team.list']).toBeUndefined();
  });

  it("a kind this screen does not know: its summary and the decision's fields", async () => {
    fakeApi([unknownKind]);
    show();
    const shown = await card(unknownKind.summary);
    const facts = within(shown).getByRole('region', { name: 'The decision asked' });
    expect(within(facts).getByText('things.do')).toBeTruthy();
    expect(within(facts).getByText('level').nextElementSibling?.textContent).toBe('3');
    expect(within(facts).getByText('mode').nextElementSibling?.textContent).toBe('fast');
  });

  it('a decided request shows no comparison: what is stored now is no longer what it was decided on', async () => {
    const sent = fakeApi([
      { ...requests.wallets, state: 'succeeded', decidedBy: { uid: 'u2', email: 'second@ledgerdesk.test' }, decidedAt: '2026-11-21T10:00:00.000Z' }
    ]);
    show('/approvals?show=decided');
    const shown = await card(requests.wallets.summary);
    expect(within(shown).queryByRole('table')).toBeNull();
    expect(sent['wallets.get']).toBeUndefined();
  });
});

describe('the kind filter', () => {
  const every = Object.values(requests);

  it('lists every kind by default, and one kind once picked, kept in the address beside the state', async () => {
    fakeApi(every);
    const user = userEvent.setup();
    show('/approvals?show=all');
    expect(await screen.findAllByRole('article')).toHaveLength(every.length);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'Wallet addresses');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: requests.wallets.summary })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?show=all&kind=wallets');
    // The state tabs keep the kind.
    const tabs = screen.getByRole('navigation', { name: 'Approval requests by state' });
    expect(within(tabs).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/approvals?kind=wallets');
    expect(within(tabs).getByRole('link', { name: 'Decided' }).getAttribute('href')).toBe('/approvals?show=decided&kind=wallets');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'All kinds');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(every.length));
  });

  it('opens on the kind its address names, and says so when none of that kind waits', async () => {
    fakeApi([requests.team]);
    show('/approvals?kind=policy');
    expect(await screen.findByText('No “Approval policy” request is waiting.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Kind' }) as HTMLSelectElement).value).toBe('policy');
  });

  it('is reached by keyboard after the state tabs', async () => {
    fakeApi(every);
    const user = userEvent.setup();
    show();
    await card(requests.team.summary);
    screen.getByRole('link', { name: 'All' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Kind' }));
  });
});
