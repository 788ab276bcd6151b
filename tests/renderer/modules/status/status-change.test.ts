// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusOutcome, StatusPreview } from '@shared/contract';
import { compoundInvestmentsList } from '@renderer/features/compound-investments/compound-investments-list';
import { depositsList } from '@renderer/features/deposits/deposits-list';
import { payoutChange } from '@renderer/features/investments/due/payout-change';
import { investmentsList } from '@renderer/features/investments/investments-list';
import { withdrawalsList } from '@renderer/features/withdrawals/withdrawals-list';

// A status change from the button to the main process: one object per list (modules/status/status-change.ts),
// whose decision is the contract's input for that list's method and whose save sends it as it is.

const TXID = 'ab'.repeat(32);
const outcome: StatusOutcome = { status: 'success', message: 'Deposit updated.', effects: [], notes: [], emailsQueued: 0 };
const preview: StatusPreview = { allowed: true, refusal: null, effects: [], activation: null, emails: [], notes: [], overrides: [], version: 'v1' };

/** window.api as the main process answers it, recording each call by method name. */
function fakeApi() {
  const sent: Array<[string, unknown]> = [];
  const answer = (method: string, value: unknown) => async (input: unknown) => {
    sent.push([method, input]);
    return { ok: true as const, value };
  };
  const namespace = (name: string) => ({
    preview: answer(`${name}.preview`, preview),
    setStatus: answer(`${name}.setStatus`, outcome)
  });
  // Only the methods a status change calls: the rest of window.api is not reached.
  Reflect.set(window, 'api', {
    deposits: namespace('deposits'),
    withdrawals: namespace('withdrawals'),
    investments: { ...namespace('investments'), payoutPreview: answer('investments.payoutPreview', preview), payout: answer('investments.payout', outcome) },
    compoundInvestments: namespace('compoundInvestments')
  });
  return sent;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'api');
});

const choice = { version: 'v1', reason: 'did not meet the required conditions', txid: TXID, overrideReason: 'Checked with the customer.' };

describe('a status change sends each list its own contract input', () => {
  it("a deposit's success carries its txid, never an override reason (deposits take none)", async () => {
    const sent = fakeApi();
    const change = depositsList.change;
    await change.preview('d1', 'success', { txid: TXID, overrideReason: 'Checked with the customer.' });
    const outcomeSeen = await change.save(change.decision('d1', 'success', choice));
    expect(outcomeSeen).toEqual(outcome);
    expect(sent[0]).toEqual(['deposits.preview', { id: 'd1', status: 'success', txid: TXID }]);
    expect(sent[1]).toEqual([
      'deposits.setStatus',
      { id: 'd1', status: 'success', version: 'v1', reason: 'did not meet the required conditions', txid: TXID, operationId: expect.any(String) }
    ]);
  });

  it("a withdrawal's approval carries its txid and the override reason", async () => {
    const sent = fakeApi();
    const change = withdrawalsList.change;
    await change.preview('w1', 'approved', { overrideReason: 'Checked with the customer.' });
    await change.save(change.decision('w1', 'approved', choice));
    expect(sent).toEqual([
      ['withdrawals.preview', { id: 'w1', status: 'approved', overrideReason: 'Checked with the customer.' }],
      ['withdrawals.setStatus', { id: 'w1', status: 'approved', ...choice, operationId: expect.any(String) }]
    ]);
  });

  it('investments and compound investments send the version and the reason only', async () => {
    const sent = fakeApi();
    await investmentsList.change.save(investmentsList.change.decision('i1', 'completed', choice));
    await compoundInvestmentsList.change.save(compoundInvestmentsList.change.decision('c1', 'active', { ...choice, reason: null }));
    expect(sent).toEqual([
      [
        'investments.setStatus',
        { id: 'i1', status: 'completed', version: 'v1', reason: 'did not meet the required conditions', operationId: expect.any(String) }
      ],
      ['compoundInvestments.setStatus', { id: 'c1', status: 'active', version: 'v1', operationId: expect.any(String) }]
    ]);
  });

  it('a payout is the same kind of change: no status, the override reason, sent with investments.payout', async () => {
    const sent = fakeApi();
    const change = payoutChange(true);
    expect(change.statuses).toEqual(['completed']);
    expect(payoutChange(false).statuses).toEqual([]);
    await change.preview('i1', 'completed', { txid: TXID, overrideReason: 'Checked with the customer.' });
    await change.save(change.decision('i1', 'completed', choice));
    expect(sent).toEqual([
      ['investments.payoutPreview', { id: 'i1', overrideReason: 'Checked with the customer.' }],
      [
        'investments.payout',
        {
          id: 'i1',
          version: 'v1',
          reason: 'did not meet the required conditions',
          overrideReason: 'Checked with the customer.',
          operationId: expect.any(String)
        }
      ]
    ]);
  });
});
