import { formatDateTime } from '../../../lib/format';
import { useLatestNote, LatestNoteByEmail } from '../../customers/notes';
import { rowWho, type ReviewRow } from '../status-change';

type WithCustomer = ReviewRow & { userId?: string | null };

/** One customer's latest note, in a line of the bulk summary. */
function NoteLine({ userId, who }: { userId: string; who: string }) {
  const note = useLatestNote(userId);
  return (
    <li className="px-3 py-2 text-sm">
      <span className="font-medium text-slate-900">{who}</span>
      {note.isPending ? (
        <span className="ml-2 text-slate-500">reading…</span>
      ) : note.data ? (
        <>
          <span className="ml-2 text-xs text-slate-500">
            {formatDateTime(note.data.at)}
            {note.data.adminEmail ? ` · ${note.data.adminEmail}` : ''}
          </span>
          <p className="mt-0.5 line-clamp-3 whitespace-pre-line text-slate-700">{note.data.text}</p>
        </>
      ) : (
        <span className="ml-2 text-slate-500">No notes.</span>
      )}
    </li>
  );
}

/**
 * The latest note on each customer a bulk change concerns (docs/product-rules.md §6.8): one query
 * (limit 1) per customer, by id where the records carry it, else by e-mail.
 */
export function CustomerNotes({ rows }: { rows: readonly WithCustomer[] }) {
  const customers = new Map<string, WithCustomer>();
  for (const row of rows) {
    const key = row.userId ? `id:${row.userId}` : row.email ? `email:${row.email.toLowerCase()}` : null;
    if (key && !customers.has(key)) customers.set(key, row);
  }
  if (customers.size === 0) return null;
  return (
    <section aria-label="Latest notes on these customers">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Latest note on each customer ({customers.size})</h3>
      <ul className="mt-1.5 max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg bg-amber-50/40 ring-1 ring-amber-200/70 ring-inset">
        {[...customers.entries()].map(([key, row]) =>
          row.userId ? (
            <NoteLine key={key} userId={row.userId} who={rowWho(row)} />
          ) : (
            <li key={key} className="px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{rowWho(row)}</span>
              <div className="mt-1">
                <LatestNoteByEmail email={row.email} />
              </div>
            </li>
          )
        )}
      </ul>
    </section>
  );
}
