import { FileText, History } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CustomerProfile } from '@shared/contract';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { PagedTable } from '../../../components/data-table/PagedTable';
import { RefreshButton } from '../../../components/RefreshButton';
import { Button } from '../../../components/ui/Button';
import { Switch } from '../../../components/ui/Switch';
import { useColumnLayout } from '../../../lib/column-layouts';
import { useCustomerJournal } from '../api/journal';
import { journalColumns } from '../statement/journal-columns';
import type { PeriodDays } from '../statement/period';
import { StatementDialog } from '../statement/StatementDialog';
import { StatementPanel } from '../statement/StatementPanel';
import { firstName } from '../tabs';

/** The filter lives in the address (?tab=journal&outside=1), as every list's filters do. */
function useOutsideOnly(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get('outside') === '1';
  const set = (next: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('outside', '1');
        else updated.delete('outside');
        return updated;
      },
      { replace: true }
    );
  return [on, set];
}

/**
 * Every change to the customer's money, whoever made it (docs/product-rules.md §6.10): the journal
 * the platform's functions keep, newest first, with the changes made outside Ledgerdesk marked, and
 * the statement of a period.
 */
export function JournalTab({ profile }: { profile: CustomerProfile }) {
  const [outsideOnly, setOutsideOnly] = useOutsideOnly();
  const journal = useCustomerJournal(profile.id, outsideOnly);
  const layout = useColumnLayout('customerJournal');
  const name = firstName(profile.fullname, profile.email);
  const [choosing, setChoosing] = useState(false);
  const [statement, setStatement] = useState<PeriodDays | null>(null);
  const filterId = useId();
  return (
    <section aria-label="Journal" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Switch id={filterId} checked={outsideOnly} onCheckedChange={setOutsideOnly} />
          <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
            Only changes outside Ledgerdesk
          </label>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => setChoosing(true)}>
            <FileText aria-hidden />
            Statement
          </Button>
          <ColumnsButton columns={journalColumns} layout={layout} what="changes" />
          <RefreshButton query={journal} />
        </div>
      </div>
      {statement && <StatementPanel key={`${statement.from}/${statement.to}`} profile={profile} days={statement} onClose={() => setStatement(null)} />}
      <PagedTable
        query={journal}
        columns={journalColumns}
        caption={`Changes to ${name}'s money, newest first`}
        noun={{ one: 'change', many: 'changes' }}
        sortField="time"
        empty={
          outsideOnly
            ? {
                icon: History,
                title: `No change to ${name}'s money was made outside Ledgerdesk.`,
                description: 'Every change the journal holds came with its audit entry.'
              }
            : {
                icon: History,
                title: `No change to ${name}'s money is journaled yet.`,
                description:
                  "The platform's functions journal every change to a customer's balance and totals, whoever makes it, from the day they are deployed."
              }
        }
        errorTitle="Couldn't load the journal"
        loadMoreLabel="Load More Changes"
        layout={layout}
      />
      {choosing && (
        <StatementDialog
          name={profile.fullname || profile.email || 'this customer'}
          onClose={() => setChoosing(false)}
          onChosen={(days) => {
            setChoosing(false);
            setStatement(days);
          }}
        />
      )}
    </section>
  );
}
