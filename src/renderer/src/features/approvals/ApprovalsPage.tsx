import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/QueryErrorState';
import { RefreshButton } from '../../components/RefreshButton';
import { TabLinks } from '../../components/TabLinks';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageHeader } from '../../components/ui/PageHeader';
import { LoadingBars } from '../../components/ui/Skeleton';
import { approvalKindLabels, approvalKinds, type ApprovalKind } from '@shared/domain/approvals';
import { SelectField } from '../../components/ui/SelectField';
import { zoneLabel } from '../../lib/format';
import { approvalViews, useApprovals, type ApprovalView } from './api/approvals';
import { RequestCard, type Asking } from './components/RequestCard';
import { ConfirmRequestDialog, RejectDialog } from './components/RequestDialogs';

const viewLabels: Record<ApprovalView, string> = { open: 'Open', decided: 'Decided', all: 'All' };

const empty: Record<ApprovalView, string> = {
  open: 'No approval requests are waiting.',
  decided: 'No approval request has been decided yet.',
  all: 'No approval request has been made yet.'
};

const emptyOfKind: Record<ApprovalView, (label: string) => string> = {
  open: (label) => `No “${label}” request is waiting.`,
  decided: (label) => `No “${label}” request has been decided yet.`,
  all: (label) => `No “${label}” request has been made yet.`
};

/** Open, Decided, All: kept in the address (?show=decided), Open when it names none. */
function useView(): ApprovalView {
  const [params] = useSearchParams();
  const asked = params.get('show');
  return approvalViews.find((view) => view === asked) ?? 'open';
}

/** The kind asked for (?kind=policy), or null for every kind; a name it does not know reads as every kind. */
function useKind(): ApprovalKind | null {
  const [params] = useSearchParams();
  const asked = params.get('kind');
  return approvalKinds.find((kind) => kind === asked) ?? null;
}

/** An address of this screen with these parameters, the others kept (the state tab keeps the kind, the kind keeps the tab). */
function withParam(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  const search = next.toString();
  return search ? `?${search}` : '?';
}

const kindOptions = [{ value: '', label: 'All kinds' }, ...approvalKinds.map((kind) => ({ value: kind, label: approvalKindLabels[kind] }))];

/** Which kind of request to list, beside the state tabs: a native select, kept in the address. */
function KindFilter({ current }: { current: ApprovalKind | null }) {
  const [params, setParams] = useSearchParams();
  return <SelectField label="Kind" value={current ?? ''} options={kindOptions} onChange={(value) => setParams(withParam(params, 'kind', value || null))} />;
}

function ViewTabs({ current }: { current: ApprovalView }) {
  const [params] = useSearchParams();
  const tabs = approvalViews.map((view) => ({
    key: view,
    label: viewLabels[view],
    to: withParam(params, 'show', view === 'open' ? null : view),
    active: view === current
  }));
  return <TabLinks look="pills" label="Approval requests by state" tabs={tabs} />;
}

/**
 * Dual control (docs/product-rules.md §15.4): the decisions the approval policy held back for a
 * second administrator, each with its kind and what the maker saw (a withdrawal's facts, what
 * approving does, its warnings; a setting now against after), of every kind or one (?kind=).
 * Another administrator approves (with the password) or rejects with a reason; the one who asked
 * may only cancel.
 */
export function ApprovalsPage() {
  const view = useView();
  const kind = useKind();
  const approvals = useApprovals(view);
  const [asking, setAsking] = useState<Asking | null>(null);
  const requests = kind && approvals.data ? approvals.data.filter((request) => request.kind === kind) : approvals.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Approvals"
        description={`Decisions waiting for a second administrator. A request expires 72 hours after it was asked. ${zoneLabel()}.`}
        actions={<RefreshButton query={approvals} />}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewTabs current={view} />
        <KindFilter current={kind} />
      </div>
      {approvals.isError && !requests ? (
        <QueryErrorState query={approvals} title="Couldn't load the approval requests" className="py-10" />
      ) : !requests ? (
        <LoadingBars label="Loading the approval requests" bars={['h-32 w-full', 'h-32 w-full']} />
      ) : requests.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title={kind ? emptyOfKind[view](approvalKindLabels[kind]) : empty[view]}
          description="A decision the approval policy covers appears here until another administrator decides it."
        />
      ) : (
        <div className="space-y-4">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} onAsk={setAsking} />
          ))}
        </div>
      )}
      {asking?.kind === 'reject' && <RejectDialog request={asking.request} onClose={() => setAsking(null)} />}
      {asking && asking.kind !== 'reject' && <ConfirmRequestDialog action={asking.kind} request={asking.request} onClose={() => setAsking(null)} />}
    </div>
  );
}
