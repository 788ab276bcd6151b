import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { DraftRestoredNote } from '../../components/DraftRestoredNote';
import type { Input, StatusPreview } from '@shared/contract';
import { normalTxid, txidProblem } from '@shared/domain/txid';
import { errorMessage, isApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Notice } from '../../components/ui/Notice';
import { Skeleton } from '../../components/ui/Skeleton';
import { checkReason, decisionFactsKey, type ReasonRule } from './decision';
import { PreviewDetails } from './PreviewDetails';
import { OverrideField } from './OverrideField';
import { ReasonField } from './ReasonField';
import { TxidField } from './TxidField';
import { useReasonDraft } from './use-reason-draft';
import { reasonProblem } from '@shared/domain/suspension';

/** What a status change asks before it is made; the preview then says exactly what follows. */
export interface Confirmation {
  title: string;
  /** The question, with the amount and the customer. */
  description: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** A required reason (rejecting, failing) or an optional note; an optional note when left out. */
  reason?: ReasonRule;
  /** Facts to decide from, above the preview (a withdrawal's risk panel, a deposit's customer). */
  facts?: ReactNode;
  /** Shown just above the buttons, never blocking (a withdrawal's risk warnings). */
  warnings?: ReactNode;
  /** A credit or payout asks for its chain transaction id, checked for this coin (docs/product-rules.md §5.6). */
  txid?: { coin: string | null };
}

export interface DecisionChoice {
  version: string;
  reason: string | null;
  /** The chain transaction id given (trimmed), null when none. */
  txid: string | null;
  /** Why a refusal is overridden (a withdrawal of a suspended customer, to a blocked address); null for none. */
  overrideReason?: string | null;
}

/**
 * What a preview is asked with besides the record and status: the txid and the override reason given
 * so far, as the widest preview takes them (a withdrawal's); each list's preview sends what it takes.
 */
export type PreviewAsked = Pick<Input<'withdrawals.preview'>, 'txid' | 'overrideReason'>;

interface DecisionDialogProps {
  question: Confirmation;
  /** The preview's cache key: one record and one target status. */
  previewKey: QueryKey;
  /** With the transaction id typed so far once it has the coin's form (so a used one is refused before the click), and the override reason once given. */
  loadPreview: (asked: PreviewAsked) => Promise<StatusPreview>;
  /** Sends the change; rejects with the commit's error (a stale version keeps the dialog open). */
  commit: (choice: DecisionChoice) => Promise<unknown>;
  busy: boolean;
  onClose: () => void;
}

/** The reason's draft is kept per record and target status: the same decision opened again finds it. */
const draftKeyOf = (previewKey: QueryKey) => `decision:${previewKey.map(String).join(':')}`;

const optionalNote: ReasonRule = { kind: 'optional' };

/**
 * The decision on one status change: the facts, the preview of what it does, the reason, then
 * Confirm with the preview's version. When the record changed in between, the commit is refused,
 * the dialog says so and shows the new preview to decide again.
 */
export function DecisionDialog({ question, previewKey, loadPreview, commit, busy, onClose: close }: DecisionDialogProps) {
  const rule = question.reason ?? optionalNote;
  // Survives an idle sign-out (kept by the main process); a decision taken or cancelled forgets it.
  const reason = useReasonDraft(draftKeyOf(previewKey));
  const draft = reason.draft;
  const onClose = () => {
    reason.forget();
    close();
  };
  const [override, setOverride] = useState('');
  const [tried, setTried] = useState(false);
  /** The commit's refusal when the record changed since its preview (STALE_VERSION), in its own words; null before. */
  const [stale, setStale] = useState<string | null>(null);
  const [txid, setTxid] = useState('');
  const queryClient = useQueryClient();
  const txidShapeProblem = question.txid ? txidProblem(question.txid.coin, txid) : null;
  // Only a complete id of the coin's form is previewed (not every keystroke): the preview then says whether it was used already.
  const previewedTxid = question.txid && normalTxid(txid) && !txidShapeProblem ? normalTxid(txid) : null;
  // Always read afresh: a preview is only worth what the documents are now.
  const asked = useQuery({
    queryKey: [...previewKey, previewedTxid],
    queryFn: () => loadPreview(previewedTxid ? { txid: previewedTxid } : {}),
    staleTime: 0,
    gcTime: 0,
    retry: false
  });
  // Refused only until a reason overrides it (a suspended customer, a blocked address): asked again with the reason.
  const overrides = asked.data && !asked.data.allowed ? asked.data.overrides : [];
  const overriding = overrides.length > 0;
  const overrideProblem = reasonProblem(override, 'an override reason');
  const overridden = useQuery({
    queryKey: [...previewKey, previewedTxid, 'override'],
    queryFn: () => loadPreview({ ...(previewedTxid ? { txid: previewedTxid } : {}), overrideReason: override.trim() }),
    enabled: overriding && overrideProblem === null,
    staleTime: 0,
    gcTime: 0,
    retry: false
  });
  const preview = overriding ? overridden : asked;
  const checked = checkReason(rule, draft);
  const ready = preview.data !== undefined && !preview.isFetching && !asked.isFetching;
  const refused = !overriding && asked.data !== undefined && !asked.data.allowed;
  // A change the approval policy covers is not applied on this click: it becomes a request another administrator decides (§15.4).
  const confirmLabel = preview.data?.needsApproval ? 'Ask for approval' : question.confirmLabel;

  const confirm = async () => {
    setTried(true);
    if (overriding && overrideProblem) return;
    if (!ready || !preview.data?.allowed || !checked.ok || txidShapeProblem || busy) return;
    try {
      await commit({ version: preview.data.version, reason: checked.reason, txid: previewedTxid, ...(overriding ? { overrideReason: override.trim() } : {}) });
      onClose();
    } catch (error) {
      // Refused or failed: the toast says why; the reason is kept for the same decision opened again.
      if (!isApiError(error, 'STALE_VERSION')) return close();
      setStale(error.message);
      void queryClient.invalidateQueries({ queryKey: decisionFactsKey });
      await asked.refetch();
      if (overriding) await overridden.refetch();
    }
  };

  // Enter in the reason fields confirms, but only a valid decision (Shift+Enter is a new line in the note).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || (event.target instanceof HTMLElement && event.target.tagName === 'BUTTON')) return;
    event.preventDefault();
    void confirm();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={question.title}
      description={question.description}
      role="alertdialog"
      hideClose
      size="wide"
      className="max-h-[calc(100vh-2rem)] overflow-y-auto"
    >
      <div className="mt-4 space-y-4" onKeyDown={onKeyDown}>
        {stale !== null && (
          <Notice tone="warning">
            <p className="font-medium">{stale}</p>
            <p>Nothing was changed. Below is what the change would do now; confirm again if it still holds.</p>
          </Notice>
        )}
        {question.facts}
        {overriding && <OverrideField overrides={overrides} value={override} onChange={setOverride} problem={tried ? overrideProblem : null} disabled={busy} />}
        {overriding && overrideProblem !== null ? (
          <p className="text-sm text-slate-600">What the change does shows here once the override reason is given.</p>
        ) : preview.isError || asked.isError ? (
          <Notice tone="error">Could not tell what this change would do: {errorMessage(preview.error ?? asked.error)}</Notice>
        ) : preview.data === undefined || (stale !== null && preview.isFetching) ? (
          <div role="status" aria-busy="true" className="space-y-2 rounded-lg p-4 ring-1 ring-slate-200 ring-inset">
            <span className="sr-only">Working out what this change does…</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : refused || !preview.data.allowed ? (
          <Notice tone="error">
            <p className="font-medium">This change cannot be made.</p>
            <p>{preview.data.refusal?.message ?? 'The rule refuses it.'}</p>
          </Notice>
        ) : (
          <>
            <PreviewDetails preview={preview.data} />
            {preview.data.needsApproval && <Notice tone="info">Needs a second administrator: {preview.data.needsApproval}</Notice>}
          </>
        )}
        {question.txid && !preview.isError && <TxidField value={txid} onChange={setTxid} problem={txidShapeProblem} disabled={busy} />}
        {!refused && !preview.isError && reason.restored && <DraftRestoredNote what="the reason you typed earlier is back." onDiscard={reason.discard} />}
        {!refused && !preview.isError && (
          <ReasonField rule={rule} draft={draft} onChange={reason.change} problem={tried && !checked.ok ? checked.problem : null} disabled={busy} />
        )}
        {!refused && question.warnings}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        {refused || preview.isError ? (
          <Button variant="secondary" onClick={onClose} autoFocus>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" disabled={busy} onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button
              variant={overriding ? 'danger' : (question.tone ?? 'primary')}
              busy={busy}
              disabled={!ready && !(overriding && overrideProblem)}
              onClick={() => void confirm()}
            >
              {overriding ? `${confirmLabel} with override` : confirmLabel}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
