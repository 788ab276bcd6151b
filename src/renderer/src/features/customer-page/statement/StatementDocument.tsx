import type { CustomerProfile } from '@shared/contract';
import { statementLines } from '@shared/export/statement';
import type { Statement } from '@shared/schemas/journal';
import { DateCell } from '../../../components/data-table/cells';
import { Notice } from '../../../components/ui/Notice';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatDay, formatCount, zoneLabel } from '../../../lib/format';
import type { PeriodDays } from './period';
import { ChangeSource, JournalAmount, SignedAmount, WriterText } from './journal-cells';

/** The statement's columns, left to right; amounts stand right-aligned under theirs. */
const headers = [
  { label: 'Time', figure: false },
  { label: 'Line', figure: false },
  { label: 'Change', figure: true },
  { label: 'Running balance', figure: true },
  { label: 'Made by', figure: false },
  { label: 'Source', figure: false }
];

/** What the journal covers of the period: all of it, part of it (from its first entry), or nothing. */
export function coverageText(statement: Pick<Statement, 'complete' | 'journalSince'>): string | null {
  if (statement.complete) return null;
  if (!statement.journalSince)
    return 'This customer’s journal has no entry yet: it begins with the first change to their money after the platform’s functions were deployed. Nothing in this period is covered.';
  return `The journal of this customer begins on ${formatDateTime(statement.journalSince)}. Figures before then are not covered: the opening balance is the one the journal found then.`;
}

/**
 * The statement as a document: on screen under the Journal tab, and alone on paper or in the PDF
 * (the page's print stylesheet prints the copy marked data-print-alone, and nothing else).
 */
export function StatementDocument({
  statement,
  days,
  profile
}: {
  statement: Statement;
  days: PeriodDays;
  profile: Pick<CustomerProfile, 'fullname' | 'email'>;
}) {
  const coverage = coverageText(statement);
  const lines = statementLines(statement);
  return (
    <article aria-label="Statement" className="space-y-4 text-slate-900">
      <header className="space-y-1">
        <h2 className="text-lg font-semibold">Statement of account</h2>
        <p className="text-sm text-slate-600">
          {profile.fullname || profile.email || 'This customer'}
          {profile.fullname && profile.email ? ` · ${profile.email}` : ''}
        </p>
        <p className="text-sm text-slate-600">
          {formatDay(days.from)} – {formatDay(days.to)} · {zoneLabel()} · {formatCount(statement.movements.length)}{' '}
          {statement.movements.length === 1 ? 'movement' : 'movements'}
        </p>
      </header>
      {coverage && <Notice tone="warning">{coverage}</Notice>}
      <table className="w-full text-sm">
        <caption className="sr-only">Balance movements, oldest first, with the balance each left</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-500">
            {headers.map(({ label, figure }, index) => (
              <th key={label} scope="col" className={cn('py-2', index < headers.length - 1 && 'pr-3', figure && 'text-right')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const movement = statement.movements.find((m) => m.id === line.id);
            const edge = line.line !== 'Movement';
            return (
              <tr key={line.id} className={cn('border-b border-slate-100 align-top break-inside-avoid', edge && 'bg-slate-50 font-medium')}>
                <td className="py-2 pr-3">
                  <DateCell value={line.at} />
                </td>
                <td className="py-2 pr-3">
                  {line.line}
                  {line.note && movement && <p className="text-xs font-normal text-amber-800">{line.note}</p>}
                </td>
                <td className="py-2 pr-3 text-right">{movement ? <SignedAmount amount={movement.change} /> : null}</td>
                <td className="py-2 pr-3 text-right">
                  {line.balance ? <JournalAmount value={line.balance} /> : <span className="text-slate-500">not covered</span>}
                </td>
                <td className="py-2 pr-3">{movement && <WriterText writer={movement.writer} />}</td>
                <td className="py-2">{movement && <ChangeSource change={movement} />}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-slate-500">
        From the journal Ledgerdesk’s functions keep of every change to this customer’s money, whoever made it. Printed{' '}
        {formatDateTime(new Date().toISOString())}.
      </p>
    </article>
  );
}
