import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useDraft } from '../../lib/drafts';
import type { ReasonDraft } from './decision';

const reasonDraftSchema = z.object({ choice: z.string().max(600), text: z.string().max(600) });

const empty: ReasonDraft = { choice: '', text: '' };
const isBlank = (draft: ReasonDraft) => !draft.choice && !draft.text.trim();

/**
 * The reason typed in a decision (one record's dialog, or a bulk summary), kept by the main process
 * like the webmail and Manage drafts: after an idle sign-out, the same decision opened again finds
 * it. What is typed before the draft comes back wins. `forget` once the decision is taken or
 * cancelled.
 */
export function useReasonDraft(key: string) {
  const kept = useDraft(key, reasonDraftSchema);
  const [draft, setDraft] = useState<ReasonDraft>(empty);
  const [restored, setRestored] = useState(false);
  const applied = useRef(false);
  const typed = useRef(false);

  useEffect(() => {
    if (!kept.loaded || applied.current) return;
    applied.current = true;
    if (kept.restored && !typed.current && !isBlank(kept.restored)) {
      setDraft(kept.restored);
      setRestored(true);
    }
  }, [kept.loaded, kept.restored]);

  return {
    draft,
    restored,
    change(next: ReasonDraft) {
      typed.current = true;
      setDraft(next);
      kept.save(isBlank(next) ? null : next);
    },
    forget() {
      setRestored(false);
      kept.forget();
    },
    /** "Discard draft": the fields empty again, nothing kept. */
    discard() {
      setDraft(empty);
      setRestored(false);
      kept.forget();
    }
  };
}
