import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { StatusOutcome, StatusPreview } from '@shared/contract';
import { ApiError } from '@renderer/lib/api';
import { previewOf } from '@shared/domain/previews';
import { figuresRead, versionText } from '@shared/domain/readVersion';
import { approvalOverrides, changeWithdrawalStatus, type WithdrawalChangeInput } from '@shared/domain/withdrawals';
import { judgeAll, moneyMoved, runBulk, type RunResult } from '@renderer/modules/review-list/bulk/bulk-plan';
import { BulkSummary } from '@renderer/modules/review-list/bulk/BulkSummary';
import { resultHeadline } from '@renderer/modules/review-list/bulk/BulkResults';

interface Row {
  id: string;
  status: string;
}

const preview = (over: Partial<StatusPreview> = {}): StatusPreview => ({
  allowed: true,
  refusal: null,
  effects: [],
  activation: null,
  emails: [],
  notes: [],
  overrides: [],
  version: 'v1',
  ...over
});
const outcome = (status: string): StatusOutcome => ({ status, message: 'Done.', effects: [], notes: [], emailsQueued: 0 });

describe('the bulk summary', () => {
  it('asks each record its preview, and says why those that cannot change cannot', async () => {
    const rows: Row[] = [
      { id: 'a', status: 'pending' },
      { id: 'b', status: 'failed' },
      { id: 'c', status: 'success' },
      { id: 'd', status: 'pending' },
      { id: 'e', status: 'pending' }
    ];
    const ask = vi.fn(async (id: string) => {
      if (id === 'd') return preview({ allowed: false, refusal: { code: 'CONFLICT', message: 'Refused by the rule.' } });
      if (id === 'e') throw new ApiError('UNAVAILABLE', 'The database is out of reach.');
      return preview({ version: `v-${id}` });
    });
    const counts: number[] = [];
    const judged = await judgeAll(rows, 'failed', { lock: (row) => (row.status === 'success' ? 'Locked.' : null), preview: ask }, (n) => counts.push(n));
    expect(judged.map((item) => (item.kind === 'changes' ? 'changes' : item.why))).toEqual([
      'changes',
      'Already Failed.',
      'Locked.',
      'Refused by the rule.',
      'Could not tell what this change would do: The database is out of reach.'
    ]);
    // Records already there or locked are not asked about.
    expect(ask.mock.calls.map(([id]) => id).sort()).toEqual(['a', 'd', 'e']);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out an approval that needs an override reason (a suspended customer, a blocked address), says why, and never sends it', async () => {
    const BLOCKED = '0x000000000000000000000000000000000000dEaD';
    const customers: Record<string, Record<string, unknown>> = {
      wes: { fullname: 'Wes Withdrawer', balance: 0, Totalwithdrawal: 0 },
      sam: { fullname: 'Sam Suspended', balance: 0, Totalwithdrawal: 0, suspended: true, suspension: { reason: 'Chargebacks under review.' } }
    };
    const withdrawals: Record<string, { userId: string; walletAddress: string }> = {
      'wd-fine': { userId: 'wes', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
      'wd-suspended': { userId: 'sam', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' },
      'wd-blocked': { userId: 'wes', walletAddress: BLOCKED.toLowerCase() }
    };
    // Each preview as the main process builds it (src/core/statusPreviews.ts): the withdrawal rule, its overrides, no override reason.
    const ask = vi.fn(async (id: string, status: string): Promise<StatusPreview> => {
      const { userId, walletAddress } = withdrawals[id]!;
      const input: WithdrawalChangeInput = {
        withdrawal: { id, data: { userId, walletAddress, amount: 25, cryptoType: 'ETHEREUM', status: 'pending' } },
        withdrawer: { id: userId, data: customers[userId]! },
        platformName: 'Acme Invest',
        riskRules: { cap24h: null, cap30d: null, blockedAddresses: [{ address: BLOCKED, reason: 'Linked to a scam report' }], stepUpAbove: 10_000 }
      };
      const decision = changeWithdrawalStatus({ ...input, overrideReason: null }, status as 'approved');
      return previewOf(decision, {
        people: [input.withdrawer!],
        customerId: userId,
        activation: null,
        overrides: approvalOverrides(input),
        version: `v-${id}`
      });
    });
    const rows = Object.keys(withdrawals).map((id) => ({ id, status: 'pending', email: null, username: id }));

    const judged = await judgeAll(rows, 'approved', { lock: () => null, preview: ask });
    expect(judged.map((item) => [item.row.id, item.kind === 'changes' ? 'changes' : item.why])).toEqual([
      ['wd-fine', 'changes'],
      [
        'wd-suspended',
        'Approving this withdrawal needs an override reason. Sam Suspended is suspended: Chargebacks under review. Approve it on its own and give the reason.'
      ],
      [
        'wd-blocked',
        `Approving this withdrawal needs an override reason. The address ${BLOCKED} is blocked: Linked to a scam report. Approve it on its own and give the reason.`
      ]
    ]);

    // The summary shows each one left out under "Cannot change", with its reason.
    const summary = renderToStaticMarkup(createElement(BulkSummary, { judged, noun: { one: 'withdrawal', many: 'withdrawals' } }));
    expect(summary).toContain('Will change (1)');
    expect(summary).toContain('Cannot change (2)');
    expect(summary).toContain('Sam Suspended is suspended: Chargebacks under review. Approve it on its own and give the reason.');
    expect(summary).toContain(`The address ${BLOCKED} is blocked: Linked to a scam report.`);

    // The run is given what can change (as BulkDialog does): the two are never sent.
    const save = vi.fn(async (_row: { id: string }) => outcome('approved'));
    const changes = judged.flatMap((item) => (item.kind === 'changes' ? [item] : []));
    await runBulk(changes, save, { stopped: () => false, onResult: () => undefined });
    expect(save.mock.calls.map(([row]) => row.id)).toEqual(['wd-fine']);
  });

  it('sums the money moved per figure, in cents', () => {
    const effect = (label: string, before: number, after: number) => ({ label, before, after });
    const moved = moneyMoved([
      preview({ effects: [effect('Total deposit of Olivia', 0.1, 100.3), effect('Balance of Ann (referral bonus)', 1, 6.01)] }),
      preview({ effects: [effect('Total deposit of Sam', 50, 50.2)] })
    ]);
    expect(moved).toEqual([
      { figure: 'Total deposit', cents: 10040 },
      { figure: 'Balance (referral bonus)', cents: 501 }
    ]);
  });
});

describe('the bulk run', () => {
  const items = ['a', 'b', 'c', 'd'].map((id) => ({ row: { id, status: 'pending' }, preview: preview({ version: `v-${id}` }) }));

  it('saves one record after another with its own version, and a refusal does not stop the rest', async () => {
    let inFlight = 0;
    const save = vi.fn(async (row: Row, version: string) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      if (row.id === 'b') throw new ApiError('STALE_VERSION', 'This record changed since you opened it.');
      expect(version).toBe(`v-${row.id}`);
      return outcome('failed');
    });
    const seen: string[] = [];
    const results = await runBulk(items, save, { stopped: () => false, onResult: (result) => seen.push(`${result.row.id}:${result.kind}`) });
    expect(seen).toEqual(['a:done', 'b:refused', 'c:done', 'd:done']);
    expect(results[1]).toMatchObject({ kind: 'refused', why: 'This record changed since you opened it.' });
    expect(resultHeadline(results, false)).toEqual({ text: '3 done, 1 refused.', untouched: null });
  });

  it('Stop lets the record in flight finish and leaves the rest untouched', async () => {
    let stop = false;
    const save = vi.fn(async () => {
      // Stop is pressed while the first record is being saved.
      stop = true;
      return outcome('failed');
    });
    const results: RunResult<Row>[] = await runBulk(items, save, { stopped: () => stop, onResult: () => undefined });
    expect(save).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result.kind)).toEqual(['done', 'untouched', 'untouched', 'untouched']);
    expect(resultHeadline(results, true)).toEqual({ text: '1 done, 0 refused.', untouched: 'Stopped: 3 records were not changed.' });
  });

  it('expects on each record of one customer the figures the earlier records left, and re-reads a record refused as changed', async () => {
    // Three deposits of one customer, previewed together: each read Total deposit 100.
    const version = (total: number) =>
      versionText(
        'same-record',
        figuresRead([{ path: 'users/u1', data: { Totaldeposit: total } }], {
          changes: [{ path: 'users/u1', set: { Totaldeposit: 0 } }]
        } as never)
      );
    const three = ['a', 'b', 'c'].map((id) => ({ row: { id, status: 'pending' }, preview: preview({ version: version(100) }) }));
    let stored = 100;
    const sent: string[] = [];
    const save = vi.fn(async (row: Row, sentVersion: string) => {
      sent.push(sentVersion);
      // The commit rebuilds the version from what is stored now, as the main process does.
      if (sentVersion !== version(stored)) throw new ApiError('STALE_VERSION', 'This record changed since you opened it.');
      const before = stored;
      stored += 10;
      if (row.id === 'b') stored += 1; // someone else moved the figure right after b
      return { ...outcome('success'), effects: [{ key: 'users/u1.Totaldeposit', label: 'Total deposit of U', before, after: before + 10 }] };
    });
    const reread = vi.fn(async () => preview({ version: 'fresh' }));
    const results = await runBulk(three, save, { stopped: () => false, onResult: () => undefined, reread });
    expect(sent).toEqual([version(100), version(110), version(120)]);
    expect(results.map((result) => result.kind)).toEqual(['done', 'done', 'refused']);
    expect(reread).toHaveBeenCalledTimes(1);
    expect(results[2]).toMatchObject({ kind: 'refused', now: { version: 'fresh' } });
  });

  it('tells apart a record the approval policy turned into a request: awaiting a second administrator, not done', async () => {
    const items = ['a', 'b'].map((id) => ({ row: { id, status: 'pending' }, preview: preview() }));
    const save = vi.fn(async (row: Row) => (row.id === 'b' ? { ...outcome('awaiting approval'), approvalRequestId: 'req-b' } : outcome('approved')));
    const results = await runBulk(items, save, { stopped: () => false, onResult: () => undefined });
    expect(results.map((result) => result.kind)).toEqual(['done', 'asked']);
    expect(resultHeadline(results, false)).toEqual({ text: '1 done, 1 awaiting a second administrator, 0 refused.', untouched: null });
  });
});
