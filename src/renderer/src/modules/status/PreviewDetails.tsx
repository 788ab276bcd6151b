import { ArrowRight } from 'lucide-react';
import type { StatusPreview } from '@shared/contract';
import { activationLine, effectRows, emailLine } from './decision';

const heading = 'text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** Exactly what the change would do, from its preview: the figures it moves, the investment, the e-mails, the notes. */
export function PreviewDetails({ preview }: { preview: StatusPreview }) {
  const rows = effectRows(preview);
  return (
    <section aria-label="What this change does" className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
      <div>
        <h3 className={heading}>Figures</h3>
        {rows.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No customer figure changes.</p>
        ) : (
          <dl className="mt-1 space-y-1">
            {rows.map((row) => (
              <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
                <dt className="text-slate-700">{row.label}</dt>
                <dd className="flex items-center gap-1.5 font-medium text-slate-900 tabular-nums">
                  <span className="text-slate-500">{row.before}</span>
                  <ArrowRight className="size-3.5 text-slate-400" aria-label="to" />
                  <span>{row.after}</span>
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {preview.activation && (
        <div>
          <h3 className={heading}>Investment</h3>
          <p className="mt-1 text-sm text-slate-700">{activationLine(preview.activation)}</p>
        </div>
      )}
      <div>
        <h3 className={heading}>E-mails</h3>
        {preview.emails.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No e-mail is sent.</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {preview.emails.map((email) => (
              <li key={`${email.to} ${email.kind}`}>{emailLine(email)}</li>
            ))}
          </ul>
        )}
      </div>
      {preview.notes.length > 0 && (
        <div>
          <h3 className={heading}>Notes</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {preview.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
