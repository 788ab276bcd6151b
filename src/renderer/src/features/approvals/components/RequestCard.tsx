import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ApprovalRequest } from '@shared/contract';
import { approvalKindLabels, approvalStateLabels, type ApprovalState } from '@shared/domain/approvals';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Fact } from '../../../components/ui/Fact';
import { formatDateTime } from '../../../lib/format';
import { useMay, useWhyNot } from '../../../lib/role';
import { useSession } from '../../../stores/session';
import { KindView } from './kinds/KindView';
import { targetLink } from './kinds/target';

const tones: Record<ApprovalState, BadgeTone> = {
  requires_review: 'warning',
  approved: 'info',
  succeeded: 'success',
  rejected: 'danger',
  canceled: 'neutral',
  expired: 'neutral',
  failed: 'danger'
};

export type Asking = { kind: 'approve' | 'reject' | 'cancel'; request: ApprovalRequest };

/** What a decided request ended as, for its facts: who closed it and when, and why where a reason was given. */
function Decided({ request }: { request: ApprovalRequest }) {
  if (request.state === 'requires_review') return null;
  return (
    <>
      <Fact label="Decided by">{request.decidedBy?.email ?? '—'}</Fact>
      <Fact label="Decided at">{formatDateTime(request.decidedAt)}</Fact>
      {request.reason && (
        <Fact label={request.state === 'failed' ? 'Why it failed' : 'Reason'} className="col-span-2">
          {request.reason}
        </Fact>
      )}
    </>
  );
}

/** The request's kind ("Wallet addresses"), and a link to the record it changes where a screen shows it. */
function KindLine({ request }: { request: ApprovalRequest }) {
  const link = targetLink(request);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <span className="font-semibold tracking-wide text-indigo-700 uppercase">{approvalKindLabels[request.kind] ?? request.kind}</span>
      {link && (
        <Link
          to={link.to}
          className="inline-flex items-center gap-0.5 rounded font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          {link.label}
          <ArrowUpRight aria-hidden className="size-3.5" />
        </Link>
      )}
    </p>
  );
}

/**
 * One approval request: its kind, what it would apply and why it needs a second administrator, who
 * asked and when it expires; while open, what approving would apply in its kind's terms (the
 * withdrawal's facts and preview, a setting now against after), and the controls the signed-in
 * administrator may use (Approve and Reject for another administrator who may decide, Cancel for the maker).
 */
export function RequestCard({ request, onAsk }: { request: ApprovalRequest; onAsk: (asking: Asking) => void }) {
  const me = useSession((state) => state.user?.uid);
  const mayDecide = useMay('decide');
  const whyNot = useWhyNot('decide');
  const open = request.state === 'requires_review';
  const mine = request.requestedBy.uid === me;
  return (
    <Card role="article" aria-label={request.summary} className="space-y-4 p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <KindLine request={request} />
          <h2 className="text-base font-semibold text-slate-900">{request.summary}</h2>
          <p className="text-sm text-slate-600">{request.why}</p>
        </div>
        <Badge tone={tones[request.state]}>{approvalStateLabels[request.state]}</Badge>
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Fact label="Asked by">{request.requestedBy.email}</Fact>
        <Fact label="Asked at">{formatDateTime(request.requestedAt)}</Fact>
        <Fact label={request.state === 'expired' ? 'Expired' : 'Expires'}>{formatDateTime(request.expiresAt)}</Fact>
        <Decided request={request} />
      </dl>
      {open && <KindView request={request} />}
      {open && (
        <footer className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
          {mine ? (
            <>
              <p className="mr-auto text-sm text-slate-600">Another administrator must approve this.</p>
              <Button variant="secondary" aria-haspopup="dialog" onClick={() => onAsk({ kind: 'cancel', request })}>
                Cancel request
              </Button>
            </>
          ) : mayDecide ? (
            <>
              <Button variant="secondary" aria-haspopup="dialog" onClick={() => onAsk({ kind: 'reject', request })}>
                Reject
              </Button>
              <Button aria-haspopup="dialog" onClick={() => onAsk({ kind: 'approve', request })}>
                Approve
              </Button>
            </>
          ) : (
            <p className="mr-auto text-sm text-slate-600">{whyNot}</p>
          )}
        </footer>
      )}
    </Card>
  );
}
