import type { JournalAmountView, JournalWriterView, Statement } from '../schemas/journal';
import { toCsv, type ExportColumn } from './csv';

/** Who made a change, in words: the Journal tab, the statement and its exports say it the same way. */
export function writerText(writer: JournalWriterView): string {
  switch (writer.kind) {
    case 'customer':
      return 'The customer';
    case 'administrator':
      // Their e-mail where the audit entry of the change names it: what an administrator recognises.
      return `Administrator (${writer.email ?? writer.id ?? 'unknown uid'})`;
    case 'otherUser':
      return `Another user (${writer.id ?? 'unknown uid'}), not an administrator`;
    case 'serviceAccount':
      return writer.id ? `Service account ${writer.id}` : 'A service account';
    case 'unknown':
      return 'Unknown';
  }
}

/** Where a change came from: Ledgerdesk, with its audit entry, or outside it. */
export const sourceText = (change: { outside: boolean; auditId: string | null }): string =>
  change.outside || !change.auditId ? 'Outside Ledgerdesk' : `Ledgerdesk, audit entry ${change.auditId}`;

/** One line of a statement's file: the opening balance, a movement, or the closing balance. */
export interface StatementLine {
  id: string;
  line: 'Opening balance' | 'Movement' | 'Closing balance';
  at: string | null;
  change: number | null;
  balance: JournalAmountView | null;
  writer: string | null;
  source: string | null;
  note: string | null;
}

const amountCell = (amount: JournalAmountView | null): string | number | null => (amount === null ? null : (amount.amount ?? amount.unreadable ?? null));

/** The lines of a statement in the order they read: opening, each movement oldest first, closing. */
export function statementLines(statement: Statement): StatementLine[] {
  const openingAt = statement.complete ? statement.from : statement.journalSince;
  const notCovered = statement.complete ? null : `Not covered before the journal begins (${statement.journalSince ?? 'no entry yet'})`;
  return [
    { id: 'opening', line: 'Opening balance', at: openingAt, change: null, balance: statement.opening, writer: null, source: null, note: notCovered },
    ...statement.movements.map((m): StatementLine => ({
      id: m.id,
      line: 'Movement',
      at: m.at,
      change: m.change,
      balance: m.running,
      writer: writerText(m.writer),
      source: sourceText(m),
      note: m.gap ? 'The balance before it is not the one the line above left' : null
    })),
    { id: 'closing', line: 'Closing balance', at: statement.to, change: null, balance: statement.closing, writer: null, source: null, note: null }
  ];
}

/** The statement's columns: times in the file's zone and plain amounts, as every export (src/shared/export/csv.ts). */
export const statementColumns: ExportColumn<StatementLine>[] = [
  { header: 'Line', value: (l) => l.line },
  { header: 'Time', value: (l) => l.at, time: true },
  { header: 'Change', value: (l) => l.change },
  { header: 'Balance', value: (l) => amountCell(l.balance) },
  { header: 'Made by', value: (l) => l.writer },
  { header: 'Source', value: (l) => l.source },
  { header: 'Note', value: (l) => l.note },
  { header: 'Journal entry', value: (l) => (l.line === 'Movement' ? l.id : null) }
];

export const statementCsv = (statement: Statement): string => toCsv(statementColumns, statementLines(statement));
