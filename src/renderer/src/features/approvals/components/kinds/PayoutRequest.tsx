import type { ApprovalRequest } from '@shared/contract';
import { Notice } from '../../../../components/ui/Notice';
import { api, call } from '../../../../lib/api';
import { PreviewDetails } from '../../../../modules/status/PreviewDetails';
import { Reading, Section, targetId, text, useCurrent } from './parts';

/**
 * A payout with an override: the investment's own payout preview of the exact decision asked (with
 * its override reason), so the approver sees what paying it now would move, e-mail and note.
 */
export function PayoutRequest({ request }: { request: ApprovalRequest }) {
  const overrideReason = text(request.decision.overrideReason);
  const preview = useCurrent(request, 'payoutPreview', () =>
    call(() => api().investments.payoutPreview({ id: targetId(request), ...(overrideReason ? { overrideReason } : {}) }))
  );
  return (
    <div className="space-y-3">
      <Section title="Payout">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-4">
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Investment</dt>
            <dd className="font-mono text-sm break-all text-slate-900">{targetId(request)}</dd>
          </div>
          <div className="min-w-0 sm:col-span-3">
            <dt className="text-xs text-slate-500">Override reason</dt>
            <dd className="text-sm text-slate-900">{overrideReason ?? 'None given'}</dd>
          </div>
        </dl>
      </Section>
      {!preview.data ? (
        <Reading query={preview} label="what paying out does" />
      ) : !preview.data.allowed ? (
        <Notice tone="error">
          <p className="font-medium">Approving would not apply now.</p>
          <p>{preview.data.refusal?.message ?? 'The rule refuses it.'}</p>
        </Notice>
      ) : (
        <PreviewDetails preview={preview.data} />
      )}
    </div>
  );
}
