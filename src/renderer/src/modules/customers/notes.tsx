import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StickyNote } from 'lucide-react';
import type { Note } from '@shared/contract';
import { pagedQuery, pageFetcher } from '../../components/data-table/paged-query';
import { Skeleton } from '../../components/ui/Skeleton';
import { api, call, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { asOneAction } from '../../lib/operations';
import { rootKeys } from '../../lib/query-keys';
import { decisionFactsKey } from '../status/decision';
import { customerSearchQuery } from './customer-queries';

/**
 * Notes on a customer (docs/product-rules.md §6.8): what an administrator learned, append-only.
 * Under 'users', so a note added anywhere refreshes every view of that customer.
 */
export const noteKeys = {
  all: (id: string) => [...rootKeys.users, 'notes', id] as const,
  latest: (id: string) => [...rootKeys.users, 'notes', id, 'latest'] as const
};

export const useCustomerNotes = (id: string) =>
  useInfiniteQuery({
    ...pagedQuery(
      noteKeys.all(id),
      pageFetcher((input) => api().users.notes({ ...input, id }))
    )
  });

/** The newest note: one query with limit 1, read afresh each time a decision opens. */
export const useLatestNote = (id: string | null) =>
  useQuery({
    queryKey: noteKeys.latest(id ?? ''),
    queryFn: async () => (await call(() => api().users.latestNote({ id: id ?? '' }))).note,
    enabled: id !== null,
    staleTime: 0,
    meta: { silent: true }
  });

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => asOneAction('users.addNote', { id, text }, (operationId) => call(() => api().users.addNote({ id, text, operationId }))),
    onSuccess(result) {
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to add the note.', errorMessage(error));
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: noteKeys.all(id) });
      void queryClient.invalidateQueries({ queryKey: decisionFactsKey });
      void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
    }
  });
}

/** One note as a decision shows it: when, by whom, what. */
export function NoteText({ note }: { note: Note }) {
  return (
    <>
      <p className="text-xs text-slate-500">
        {formatDateTime(note.at)}
        {note.adminEmail ? ` · ${note.adminEmail}` : ''}
      </p>
      <p className="mt-0.5 text-sm whitespace-pre-line text-slate-800">{note.text}</p>
    </>
  );
}

/** The latest note on the customer, beside every decision about them; a quiet line when there is none. */
export function LatestNoteView({ note, loading = false }: { note: Note | null | undefined; loading?: boolean }) {
  return (
    <section aria-label="Latest note on the customer" className="flex gap-2.5 rounded-lg bg-amber-50/60 px-3.5 py-2.5 ring-1 ring-amber-200/70 ring-inset">
      <StickyNote aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="min-w-0 flex-1">
        <h3 className="text-xs font-semibold tracking-wide text-amber-800 uppercase">Latest note</h3>
        {loading ? (
          <Skeleton className="mt-1 h-4 w-2/3" />
        ) : note ? (
          <div className="mt-0.5">
            <NoteText note={note} />
          </div>
        ) : (
          <p className="mt-0.5 text-sm text-slate-600">No notes on this customer.</p>
        )}
      </div>
    </section>
  );
}

/** The latest note of a customer known by id (a decision without its own risk facts: investments, KYC, suspension). */
export function LatestNote({ userId }: { userId: string | null }) {
  const note = useLatestNote(userId);
  if (userId === null) return null;
  return <LatestNoteView note={note.data} loading={note.isPending} />;
}

/** The latest note of a customer a record names only by e-mail (compound investments): found by the exact e-mail first. */
export function LatestNoteByEmail({ email }: { email: string | null }) {
  const wanted = email?.trim().toLowerCase() ?? '';
  const found = useQuery({
    ...customerSearchQuery(wanted),
    enabled: wanted !== '',
    select: (result) => result.rows.find((row) => row.email?.trim().toLowerCase() === wanted)?.id ?? null,
    meta: { silent: true }
  });
  if (!wanted || found.data === null) return null;
  if (found.data === undefined) return <LatestNoteView note={undefined} loading />;
  return <LatestNote userId={found.data} />;
}
