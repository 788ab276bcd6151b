import type { ApprovalRequest } from '@shared/contract';
import { Fact } from '../../../../components/ui/Fact';
import { api, call } from '../../../../lib/api';
import { ApprovingWould, FactsSection, RawFact, Reading, targetId, text, useCurrent } from './parts';

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
      <FactsSection title="Payout" columns="grid-cols-1 sm:grid-cols-4">
        <RawFact label="Investment">{targetId(request)}</RawFact>
        <Fact label="Override reason" className="sm:col-span-3">
          {overrideReason ?? 'None given'}
        </Fact>
      </FactsSection>
      {preview.data ? <ApprovingWould preview={preview.data} /> : <Reading query={preview} label="what paying out does" />}
    </div>
  );
}
