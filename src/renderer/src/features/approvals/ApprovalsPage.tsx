import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/QueryErrorState';
import { RefreshButton } from '../../components/RefreshButton';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { zoneLabel } from '../../lib/format';
import { approvalViews, useApprovals, type ApprovalView } from './api/approvals';
import { RequestCard, type Asking } from './components/RequestCard';
import { ApproveDialog, CancelDialog, RejectDialog } from './components/RequestDialogs';

const viewLabels: Record<ApprovalView, string> = { open: 'Open', decided: 'Decided', all: 'All' };

const empty: Record<ApprovalView, string> = {
  open: 'No approval requests are waiting.',
  decided: 'No approval request has been decided yet.',
  all: 'No approval request has been made yet.'
};

/** Open, Decided, All: kept in the address (?show=decided), Open when it names none. */
function useView(): ApprovalView {
  const [params] = useSearchParams();
  const asked = params.get('show');
  return approvalViews.find((view) => view === asked) ?? 'open';
}

function ViewTabs({ current }: { current: ApprovalView }) {
  return (
    <nav aria-label="Approval requests by state">
      <ul className="flex flex-wrap gap-1.5">
        {approvalViews.map((view) => (
          <li key={view}>
            <Link
              to={view === 'open' ? '?' : `?show=${view}`}
              aria-current={view === current ? 'page' : undefined}
              className={cn(
                'inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset',
                'focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
                view === current ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50 hover:text-slate-900'
              )}
            >
              {viewLabels[view]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Dual control (docs/product-rules.md §15.4): the decisions the approval policy held back for a
 * second administrator, each with what the maker saw (the withdrawal's facts, what approving does,
 * its warnings). Another administrator approves (with the password) or rejects with a reason; the
 * one who asked may only cancel.
 */
export function ApprovalsPage() {
  const view = useView();
  const approvals = useApprovals(view);
  const [asking, setAsking] = useState<Asking | null>(null);
  const requests = approvals.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Approvals"
        description={`Decisions waiting for a second administrator. A request expires 72 hours after it was asked. ${zoneLabel()}.`}
        actions={<RefreshButton query={approvals} />}
      />
      <ViewTabs current={view} />
      {approvals.isError && !requests ? (
        <QueryErrorState query={approvals} title="Couldn't load the approval requests" className="py-10" />
      ) : !requests ? (
        <div role="status" aria-label="Loading the approval requests" className="space-y-3">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : requests.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title={empty[view]}
          description="A decision the approval policy covers appears here until another administrator decides it."
        />
      ) : (
        <div className="space-y-4">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} onAsk={setAsking} />
          ))}
        </div>
      )}
      {asking?.kind === 'approve' && <ApproveDialog request={asking.request} onClose={() => setAsking(null)} />}
      {asking?.kind === 'reject' && <RejectDialog request={asking.request} onClose={() => setAsking(null)} />}
      {asking?.kind === 'cancel' && <CancelDialog request={asking.request} onClose={() => setAsking(null)} />}
    </div>
  );
}
