import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { StatusPreview } from '../../../../shared/contract';
import { errorMessage, isApiError } from '../../lib/api';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Notice } from '../../components/ui/Notice';
import { Skeleton } from '../../components/ui/Skeleton';
import { checkReason, decisionFactsKey, STALE_MESSAGE, type ReasonDraft, type ReasonRule } from './decision';
import { PreviewDetails } from './PreviewDetails';
import { OverrideField } from './OverrideField';
import { ReasonField } from './ReasonField';
import { reasonProblem } from '../../../../shared/domain/suspension';

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
}

export interface DecisionChoice {
  version: string;
  reason: string | null;
  /** Why a refusal is overridden (a withdrawal of a suspended customer, to a blocked address); null for none. */
  overrideReason?: string | null;
}

interface DecisionDialogProps {
  question: Confirmation;
  /** The preview's cache key: one record and one target status. */
  previewKey: QueryKey;
  /** What the change would do; with an override reason, what it would do with it (the commit decides the same). */
  loadPreview: (overrideReason?: string) => Promise<StatusPreview>;
  /** Sends the change; rejects with the commit's error (a stale version keeps the dialog open). */
  commit: (choice: DecisionChoice) => Promise<unknown>;
  busy: boolean;
  onClose: () => void;
}

const optionalNote: ReasonRule = { kind: 'optional' };
const isStale = (error: unknown) => isApiError(error, 'CONFLICT') && error.message === STALE_MESSAGE;

/**
 * The decision on one status change: the facts, the preview of what it does, the reason, then
 * Confirm with the preview's version. When the record changed in between, the commit is refused,
 * the dialog says so and shows the new preview to decide again.
 */
export function DecisionDialog({ question, previewKey, loadPreview, commit, busy, onClose }: DecisionDialogProps) {
  const rule = question.reason ?? optionalNote;
  const [draft, setDraft] = useState<ReasonDraft>({ choice: '', text: '' });
  const [override, setOverride] = useState('');
  const [tried, setTried] = useState(false);
  const [stale, setStale] = useState(false);
  const queryClient = useQueryClient();
  // Always read afresh: a preview is only worth what the documents are now.
  const asked = useQuery({ queryKey: previewKey, queryFn: () => loadPreview(), staleTime: 0, gcTime: 0, retry: false });
  // Refused only until a reason overrides it (a suspended customer, a blocked address): asked again with the reason.
  const overrides = asked.data && !asked.data.allowed ? asked.data.overrides : [];
  const overriding = overrides.length > 0;
  const overrideProblem = reasonProblem(override, 'an override reason');
  const overridden = useQuery({
    queryKey: [...previewKey, 'override'],
    queryFn: () => loadPreview(override.trim()),
    enabled: overriding && overrideProblem === null,
    staleTime: 0,
    gcTime: 0,
    retry: false
  });
  const preview = overriding ? overridden : asked;
  const checked = checkReason(rule, draft);
  const ready = preview.data !== undefined && !preview.isFetching && !asked.isFetching;
  const refused = !overriding && asked.data !== undefined && !asked.data.allowed;

  const confirm = async () => {
    setTried(true);
    if (overriding && overrideProblem) return;
    if (!ready || !preview.data?.allowed || !checked.ok || busy) return;
    try {
      await commit({ version: preview.data.version, reason: checked.reason, ...(overriding ? { overrideReason: override.trim() } : {}) });
      onClose();
    } catch (error) {
      if (!isStale(error)) return onClose();
      setStale(true);
      void queryClient.invalidateQueries({ queryKey: decisionFactsKey });
      await asked.refetch();
      if (overriding) await overridden.refetch();
    }
  };

  // Enter in the reason fields confirms, but only a valid decision (Shift+Enter is a new line in the note).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || (event.target as HTMLElement).tagName === 'BUTTON') return;
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
        {stale && (
          <Notice tone="warning">
            <p className="font-medium">{STALE_MESSAGE}</p>
            <p>Nothing was changed. Below is what the change would do now; confirm again if it still holds.</p>
          </Notice>
        )}
        {question.facts}
        {overriding && <OverrideField overrides={overrides} value={override} onChange={setOverride} problem={tried ? overrideProblem : null} disabled={busy} />}
        {overriding && overrideProblem !== null ? (
          <p className="text-sm text-slate-600">What the change does shows here once the override reason is given.</p>
        ) : preview.isError || asked.isError ? (
          <Notice tone="error">Could not tell what this change would do: {errorMessage(preview.error ?? asked.error)}</Notice>
        ) : preview.data === undefined || (stale && preview.isFetching) ? (
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
          <PreviewDetails preview={preview.data} />
        )}
        {!refused && !preview.isError && (
          <ReasonField rule={rule} draft={draft} onChange={setDraft} problem={tried && !checked.ok ? checked.problem : null} disabled={busy} />
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
              {overriding ? `${question.confirmLabel} with override` : question.confirmLabel}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
