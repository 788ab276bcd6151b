import { useQuery } from '@tanstack/react-query';
import type { DepositRisk } from '@shared/contract';
import { api, call, errorMessage } from '../../lib/api';
import { formatCount, MISSING } from '../../lib/format';
import { Notice } from '../../components/ui/Notice';
import { Fact, FactsLoading, factsKey, freshFacts, kycWords, yesNo } from '../../modules/review-list/facts';
import { TxidLink } from '../../modules/status/TxidLink';
import { LatestNoteView } from '../../modules/customers/notes';
import { SuspendedBadge } from '../../modules/customers/suspended-marks';

const useDepositRisk = (id: string) => useQuery({ queryKey: factsKey('deposits', id), queryFn: () => call(() => api().deposits.risk({ id })), ...freshFacts });

function referralWords(to: DepositRisk['referralBonusTo']): string {
  if (!to) return 'Nobody: no referrer.';
  if (!to.name && !to.id) return `Nobody: no single customer has the code ${to.code}.`;
  return `${to.name ?? to.id} (code ${to.code})`;
}

/** A deposit's facts: who deposits, how often before, and who a referral bonus goes to. */
export function DepositFacts({ id }: { id: string }) {
  const risk = useDepositRisk(id);
  if (risk.isError) return <Notice tone="error">Could not read this deposit's facts: {errorMessage(risk.error)}</Notice>;
  if (!risk.data) return <FactsLoading label="Reading the deposit's facts…" />;
  const { customer, earlierDeposits, referralBonusTo, latestNote, coin, txid } = risk.data;
  return (
    <div className="space-y-3">
      {customer && <LatestNoteView note={latestNote} />}
      <section aria-label="Deposit facts" className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset">
        <dl className="grid grid-cols-4 gap-x-4 gap-y-3">
          <Fact label="Customer" wide>
            {customer ? (
              <span className="inline-flex items-center gap-1.5">
                {customer.name ?? customer.email ?? customer.id}
                {customer.suspension && <SuspendedBadge />}
              </span>
            ) : (
              'Record does not exist'
            )}
          </Fact>
          <Fact label="Verified">{customer ? yesNo(customer.verified) : MISSING}</Fact>
          <Fact label="KYC">{customer ? kycWords(customer.kycStatus) : MISSING}</Fact>
          <Fact label="Earlier deposits">{formatCount(earlierDeposits)}</Fact>
          <Fact label="Referral bonus to" wide>
            {referralWords(referralBonusTo)}
          </Fact>
          {txid && (
            <Fact label="Transaction id" wide>
              <TxidLink txid={txid} coin={coin} />
            </Fact>
          )}
        </dl>
      </section>
    </div>
  );
}
