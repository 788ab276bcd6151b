import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArchiveX } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DeletedCustomerRow } from '@shared/contract';
import { PagedTable } from '../../components/data-table/PagedTable';
import { column } from '../../components/data-table/column';
import { pagedQuery, pageFetcher } from '../../components/data-table/paged-query';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { PageHeader } from '../../components/ui/PageHeader';
import { ColumnsButton } from '../../components/data-table/ColumnsButton';
import { useColumnLayout } from '../../lib/column-layouts';
import { Skeleton } from '../../components/ui/Skeleton';
import { api, call } from '../../lib/api';
import { formatCalendarDate, formatDateTime, formatMoney } from '../../lib/format';
import { ImageViewer } from '../../modules/customers/ImageViewer';
import { KycDetails, KycDocuments } from '../../modules/customers/KycDialog';
import type { KycImageRef } from '../../modules/customers/KycImage';

const fetchArchived = pageFetcher((input) => api().archivedUsers.list(input));
const archivedQuery = pagedQuery(['archivedUsers', 'list'], (cursor) => fetchArchived(cursor));

/** The KYC submission as it was when the customer was deleted; read only (Ledgerdesk never deletes the images). */
function ArchivedKyc({ row, onClose }: { row: DeletedCustomerRow; onClose: () => void }) {
  const kyc = useQuery({
    queryKey: ['archivedUsers', 'kyc', row.id],
    queryFn: () => call(() => api().archivedUsers.kyc({ id: row.id })),
    meta: { silent: true }
  });
  const [viewing, setViewing] = useState<(KycImageRef & { src: string }) | null>(null);
  const data = kyc.data;
  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={`KYC kept · ${row.fullname || row.email || row.id}`}
        description={`Deleted ${formatDateTime(row.deletedAt)}; kept until ${formatCalendarDate(row.retainUntil)}.`}
        className="max-h-[calc(100vh-2rem)] max-w-3xl! overflow-y-auto"
      >
        <div className="mt-5">
          {kyc.isError ? (
            <QueryErrorState query={kyc} title="Couldn't load the KYC record" />
          ) : !data ? (
            <Skeleton className="h-40 w-full" />
          ) : (
            <div className="space-y-6">
              <KycDetails kyc={data} />
              <KycDocuments kyc={data} onOpen={setViewing} />
            </div>
          )}
        </div>
      </Dialog>
      {viewing && <ImageViewer image={viewing} owner={row.fullname || row.email || 'Customer'} onClose={() => setViewing(null)} />}
    </>
  );
}

/**
 * Deleted customers kept on record (archivedUsers/{id}), newest deletion first: who, why, when and
 * by whom, their figures when deleted, until when they are kept, and their KYC.
 */
export function DeletedCustomersPage() {
  const list = useInfiniteQuery({ ...archivedQuery, meta: { silent: true } });
  const [params] = useSearchParams();
  const [kycOf, setKycOf] = useState<DeletedCustomerRow | null>(null);
  const layout = useColumnLayout('deletedUsers');
  const columns = [
    column<DeletedCustomerRow>(
      'customer',
      'Customer',
      (row) => (
        <div>
          <p className="font-medium text-slate-900">{row.fullname ?? '—'}</p>
          <p className="text-xs text-slate-500">{row.email ?? row.id}</p>
        </div>
      ),
      // Who was deleted: the list cannot hide it.
      { skeleton: 'w-40', required: true }
    ),
    column<DeletedCustomerRow>('reason', 'Reason', (row) => <span className="whitespace-pre-line">{row.reason ?? '—'}</span>, { skeleton: 'w-48' }),
    column<DeletedCustomerRow>(
      'deleted',
      'Deleted',
      (row) => (
        <div>
          <p className="tabular-nums">{formatDateTime(row.deletedAt)}</p>
          <p className="text-xs text-slate-500">
            {row.adminEmail ?? 'Unknown administrator'}
            {row.force ? ' · deleted anyway' : ''}
          </p>
        </div>
      ),
      { skeleton: 'w-32' }
    ),
    column<DeletedCustomerRow>(
      'figures',
      'Figures when deleted',
      (row) => (
        // Amounts right-aligned in a column of one width, so they line up from row to row.
        <dl className="grid grid-cols-[auto_7rem] gap-x-3 text-xs tabular-nums">
          <dt className="text-slate-500">Balance</dt>
          <dd className="text-right">{formatMoney(row.balance)}</dd>
          <dt className="text-slate-500">Total deposit</dt>
          <dd className="text-right">{formatMoney(row.Totaldeposit)}</dd>
          <dt className="text-slate-500">Total withdrawal</dt>
          <dd className="text-right">{formatMoney(row.Totalwithdrawal)}</dd>
        </dl>
      ),
      { skeleton: 'w-32' }
    ),
    column<DeletedCustomerRow>('retain', 'Kept until', (row) => <span className="tabular-nums">{formatCalendarDate(row.retainUntil)}</span>, {
      skeleton: 'w-24'
    }),
    column<DeletedCustomerRow>(
      'kyc',
      'KYC',
      (row) =>
        row.hasKyc ? (
          <Button size="sm" variant="secondary" onClick={() => setKycOf(row)}>
            View KYC
          </Button>
        ) : (
          <span className="text-slate-500">None</span>
        ),
      { skeleton: 'w-20' }
    )
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Deleted customers"
        description="Customers deleted from the platform, kept on record with the reason and their KYC for the years the platform must keep them. Newest first. The KYC images stay in the platform's storage."
        actions={<ColumnsButton columns={columns} layout={layout} what="deleted customers" />}
      />
      <PagedTable
        query={list}
        columns={columns}
        caption="Deleted customers, newest deletion first"
        noun={{ one: 'deleted customer', many: 'deleted customers' }}
        sortField="deletion date"
        highlightedRowId={params.get('focus')}
        empty={{ icon: ArchiveX, title: 'No deleted customers', description: 'A customer deleted from Manage Users is kept here.' }}
        layout={layout}
      />
      {kycOf && <ArchivedKyc row={kycOf} onClose={() => setKycOf(null)} />}
    </div>
  );
}
