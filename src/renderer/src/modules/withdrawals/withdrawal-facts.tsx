import { useQuery } from '@tanstack/react-query';
import type { WithdrawalRisk } from '@shared/contract';
import { api, call, errorMessage } from '../../lib/api';
import { formatCount, formatDateTime, formatMoney, formatPercent, MISSING, plural } from '../../lib/format';
import { CopyButton } from '../../components/CopyButton';
import { Fact as LabelledValue } from '../../components/ui/Fact';
import { Notice } from '../../components/ui/Notice';
import { Fact, FactsLoading, factsKey, freshFacts, kycWords, yesNo } from '../review-list/facts';
import { TxidLink } from '../status/TxidLink';
import { LatestNoteView } from '../customers/notes';
import { SuspendedBadge } from '../customers/suspended-marks';

const useWithdrawalRisk = (id: string) =>
  useQuery({ queryKey: factsKey('withdrawals', id), queryFn: () => call(() => api().withdrawals.risk({ id })), ...freshFacts });

const percent = (value: number | null) => (value === null ? MISSING : `${formatPercent(value)}%`);

function Address({ risk }: { risk: WithdrawalRisk }) {
  if (!risk.address) return <span className="text-slate-500">{MISSING}</span>;
  const check = risk.addressCheck;
  return (
    <span className="block">
      <span className="flex items-center gap-1">
        <span className="font-mono text-xs break-all text-slate-800">{risk.address}</span>
        <CopyButton value={risk.address} label="Copy destination address" copiedMessage="Wallet address copied." failedMessage="Could not copy the address." />
      </span>
      <span
        className={
          check === null ? 'text-xs font-normal text-slate-500' : check.valid ? 'text-xs font-normal text-emerald-700' : 'text-xs font-normal text-rose-700'
        }
      >
        {check === null
          ? `No address check for ${risk.coin ?? 'this coin'}.`
          : check.valid
            ? `Valid ${risk.coin} address.`
            : (check.problem ?? `Not a valid ${risk.coin} address.`)}
      </span>
    </span>
  );
}

/** "3 withdrawals in the last 24 h read", "the latest 200 read: there may be more", and amounts that could not be added. */
function windowRead(window: WithdrawalRisk['windows']['h24'], span: string): string {
  const read = window.complete
    ? `${plural(window.read, 'withdrawal')} in the last ${span} read`
    : `Only the latest ${formatCount(window.read)} read: there may be more`;
  const unreadable = window.unreadable.count;
  return unreadable === 0 ? read : `${read}; ${unreadable === 1 ? '1 amount' : `${formatCount(unreadable)} amounts`} cannot be read`;
}

/** "$600.00 of $500.00", red when above the cap; "No cap" without one; then how the window was read. */
function WindowFact({ label, span, window }: { label: string; span: string; window: WithdrawalRisk['windows']['h24'] }) {
  const over = window.cap !== null && Math.round(window.total * 100) > Math.round(window.cap * 100);
  const doubtful = !window.complete || window.unreadable.count > 0;
  return (
    <Fact label={label}>
      <span className={over ? 'text-rose-700' : undefined}>
        {window.complete ? '' : 'at least '}
        {formatMoney(window.total)}
      </span>
      <span className="font-normal text-slate-500"> {window.cap === null ? '(no cap)' : `of ${formatMoney(window.cap)}`}</span>
      <span className={doubtful ? 'block text-xs font-normal text-amber-700' : 'block text-xs font-normal text-slate-500'}>{windowRead(window, span)}</span>
    </Fact>
  );
}

/** A withdrawal's facts: the amount and where it goes, the customer's standing, the address's history, the latest note. */
export function WithdrawalRiskPanel({ id }: { id: string }) {
  const risk = useWithdrawalRisk(id);
  if (risk.isError) return <Notice tone="error">Could not read this withdrawal's facts: {errorMessage(risk.error)}</Notice>;
  if (!risk.data) return <FactsLoading label="Reading the withdrawal's facts…" />;
  const r = risk.data;
  const c = r.customer;
  const capped = r.addressCountsCapped ? ' or more' : '';
  return (
    <div className="space-y-3">
      {c && <LatestNoteView note={r.latestNote} />}
      <section aria-label="Withdrawal facts" className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset">
        <dl className="grid grid-cols-4 gap-x-4 gap-y-3">
          <Fact label="Amount">{r.amount !== null ? formatMoney(r.amount) : `"${r.amountRaw ?? ''}"`}</Fact>
          <Fact label="Coin">{r.coin ?? MISSING}</Fact>
          <Fact label="Fee">
            {c?.fee != null ? formatMoney(c.fee) : MISSING} <span className="font-normal text-slate-500">({percent(c?.withdrawalFeePercentage ?? null)})</span>
          </Fact>
          <Fact label="Balance">{c ? formatMoney(c.balance) : MISSING}</Fact>
          <LabelledValue label="Destination address" className="col-span-4" valueClassName="text-sm font-medium text-slate-900">
            <Address risk={r} />
          </LabelledValue>
          {r.txid && (
            <Fact label="Transaction id" wide>
              <TxidLink txid={r.txid} coin={r.coin} />
            </Fact>
          )}
          {c ? (
            <>
              <Fact label="Customer" wide>
                <span className="inline-flex items-center gap-1.5">
                  {c.name ?? c.email ?? c.id}
                  {c.suspension && <SuspendedBadge />}
                </span>
              </Fact>
              <Fact label="Verified">{yesNo(c.verified)}</Fact>
              <Fact label="KYC">{kycWords(c.kycStatus)}</Fact>
              <Fact label="Withdrawal limit">{c.withdrawalLimit !== null ? formatMoney(c.withdrawalLimit) : MISSING}</Fact>
              <Fact label="Account created">{formatDateTime(c.joined)}</Fact>
              <Fact label="Lifetime deposits">{formatMoney(c.lifetimeDeposits)}</Fact>
              <Fact label="Lifetime withdrawals">{formatMoney(c.lifetimeWithdrawals)}</Fact>
              <Fact label="First successful deposit">{formatDateTime(c.firstSuccessfulDepositAt, 'None yet')}</Fact>
            </>
          ) : (
            <Fact label="Customer" wide>
              Their customer record does not exist.
            </Fact>
          )}
          {c && (
            <>
              <WindowFact label="Withdrawals in 24 h" span="24 h" window={r.windows.h24} />
              <WindowFact label="Withdrawals in 30 days" span="30 days" window={r.windows.d30} />
            </>
          )}
          <Fact label="Earlier withdrawals to this address">{`${formatCount(r.sameAddressEarlier)}${capped}`}</Fact>
          <Fact label="Other customers at this address" wide={c !== null}>
            {r.otherCustomersAtAddress === 0 ? 'None' : `${plural(r.otherCustomersAtAddress, 'customer')}${capped}`}
          </Fact>
          {r.blockedAddress && (
            <Fact label="Blocked address" wide>
              <span className="text-rose-700">{r.blockedAddress.reason || 'No reason given'}</span>
            </Fact>
          )}
        </dl>
      </section>
    </div>
  );
}

/** The withdrawal's warnings, amber and never blocking, just above the dialog's buttons. */
export function WithdrawalWarnings({ id }: { id: string }) {
  const risk = useWithdrawalRisk(id);
  const warnings = risk.data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Notice tone="warning">
      <p className="font-medium">{warnings.length === 1 ? 'One thing to check' : `${warnings.length} things to check`}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {warnings.map((warning) => (
          <li key={warning.code}>{warning.message}</li>
        ))}
      </ul>
    </Notice>
  );
}
