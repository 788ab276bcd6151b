import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { exportColumns } from '@shared/export/csv';
import { ListPageHeader } from '../../../components/ListPageHeader';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { Notice } from '../../../components/ui/Notice';
import { pagedQuery } from '../../../components/data-table/paged-query';
import { useColumnLayout } from '../../../lib/column-layouts';
import { useUrlPageSize } from '../../../lib/page-sizes';
import { pendingCountsQuery } from '../../../lib/pending-counts';
import { platformSettingsQuery } from '../../../lib/platform-settings';
import { useMay } from '../../../lib/role';
import { ReviewTable } from '../../../modules/review-list/bulk/ReviewTable';
import { StatusTabs } from '../../../modules/review-list/StatusTabs';
import { customersLoaded, SuspendedMarks } from '../../../modules/customers/suspended-marks';
import { InvestmentTabs } from '../../../modules/review-list/InvestmentTabs';
import { dueFetcher, dueKeys } from './api';
import { dueColumns } from './due-columns';
import { investmentsList } from '../investments-list';
import { payoutChange, payoutWording } from './payout-change';
import { paths } from '../../../lib/paths';

const noun = { one: 'investment', many: 'investments' };

/** The Due tab's link (Investments screen): `/investments?tab=due`. */
export const DUE_TAB = { search: '?tab=due' };

/**
 * The Investments screen's Due tab: active investments past maturity, oldest maturity first, each
 * with what it owes; paid out one by one or in bulk where the platform's setting says Ledgerdesk
 * pays them, and only listed where it does not.
 */
export function DueInvestments() {
  const list = investmentsList;
  const size = useUrlPageSize('investmentsDue');
  const pageSize = size.pageSize;
  const settings = useQuery(platformSettingsQuery);
  const pays = settings.data?.paysMaturedInvestments === true;
  // No Pay out (column, boxes, key) for a role that may not decide; the list and what each owes stay.
  const mayDecide = useMay('decide');
  const change = payoutChange(pays && mayDecide);
  const columns = dueColumns(change);
  const layout = useColumnLayout('investmentsDue');
  const fetchPage = dueFetcher(pageSize);
  const query = useInfiniteQuery({ ...pagedQuery(dueKeys.pages(pageSize), fetchPage, 'Failed to load the investments due.'), enabled: size.ready });
  const counts = useQuery({ queryKey: list.keys.counts({}), queryFn: () => list.counts({}), meta: { errorTitle: 'Failed to count investments.' } });
  const pending = useQuery(pendingCountsQuery);
  const due = query.data?.pages[0]?.total ?? pending.data?.investmentsDue;

  return (
    <div className="space-y-6">
      <ListPageHeader
        title={list.title}
        description="Investments past their maturity date, oldest first, with what each owes: the amount plus its ROI."
        exportCsv={{ fetchPage, columns: exportColumns.investments, fileBaseName: 'investments-due', noun: 'investments due' }}
        query={{ isRefetching: query.isRefetching, isFetchingNextPage: query.isFetchingNextPage, refetch: () => query.refetch() }}
      />
      <InvestmentTabs />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusTabs
          label="Investments by status"
          statuses={list.statuses}
          current={null}
          counts={counts}
          linkTo={(status) => ({ pathname: paths.investments, search: status ? `?status=${status}` : '' })}
          extra={{ label: 'Due', to: DUE_TAB, count: due, active: true }}
        />
        <ColumnsButton columns={columns} layout={layout} what="investments due" />
      </div>
      {settings.data && !pays && (
        <Notice tone="info">
          <p className="font-medium">Ledgerdesk does not pay matured investments on this platform.</p>
          <p>
            They are listed here so you can follow them; the platform pays them elsewhere. To pay them from here, turn on “Ledgerdesk pays matured investments”
            on the{' '}
            <Link to={paths.plans} className="font-medium underline underline-offset-2">
              Investment Plans
            </Link>{' '}
            screen.
          </p>
        </Notice>
      )}
      <SuspendedMarks customers={customersLoaded(query.data)}>
        <ReviewTable
          list={{ tableColumns: columns, noun, change, opens: 'user', name: 'investments' }}
          resetKey={`due:${pageSize}:${pays}`}
          bulkKey="investmentsDue"
          wording={payoutWording}
          fetchMatching={(cursor, size) => fetchPage(cursor, size)}
          pageSize={size.choice}
          layout={layout}
          query={query}
          caption="Investments due, oldest maturity first"
          noun={noun}
          sortField="creation date or whole-day duration"
          empty={{ icon: CalendarClock, title: 'No investments are due', description: 'Active investments appear here once they mature, the oldest first.' }}
          errorTitle="Couldn't load the investments due"
        />
      </SuspendedMarks>
    </div>
  );
}
