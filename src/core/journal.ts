import type { Page, ParsedInput } from '../shared/contract';
import { dollarsOf, type JournalAmount, type JournalRecord } from '../shared/domain/journal';
import { STATEMENT_MAX_MOVEMENTS, statementOf, statementPeriod } from '../shared/domain/statement';
import { AppError } from '../shared/result';
import type { JournalAmountView, JournalEntry, Statement } from '../shared/schemas/journal';
import type { CustomerJournal } from './ports/customerJournal';

/** A page of the customer page's Journal tab. */
export const JOURNAL_PAGE = 25;

const viewOf = (amount: JournalAmount): JournalAmountView => ({ amount: dollarsOf(amount.cents), unreadable: amount.unreadable });

export const journalEntryView = (record: JournalRecord): JournalEntry => ({
  id: record.id,
  at: record.at,
  kind: record.kind,
  changes: record.changes.map(({ field, before, after, deltaCents }) => ({
    field,
    before: viewOf(before),
    after: viewOf(after),
    change: dollarsOf(deltaCents)
  })),
  balance: viewOf(record.balanceAfter),
  writer: record.writer,
  auditId: record.auditId,
  outside: record.outside
});

/** users.journal: newest first, 25 a page unless asked otherwise. */
export async function journalPage(journal: CustomerJournal, input: ParsedInput<'users.journal'>): Promise<Page<JournalEntry>> {
  const page = await journal.page(input.id, { cursor: input.cursor, pageSize: input.pageSize ?? JOURNAL_PAGE, outsideOnly: input.outsideOnly });
  return { ...page, rows: page.rows.map(journalEntryView) };
}

/**
 * users.statement: three reads whatever the period (the oldest entry, the last one before it, its
 * balance movements up to the cap plus one, so a period past the cap is refused without reading more).
 */
export async function customerStatement(journal: CustomerJournal, { id, from, to }: ParsedInput<'users.statement'>): Promise<Statement> {
  const period = statementPeriod(from, to);
  const [first, lastBefore, movements] = await Promise.all([
    journal.first(id),
    journal.lastBefore(id, period.from),
    journal.balanceMoves(id, period, STATEMENT_MAX_MOVEMENTS + 1)
  ]);
  // No journal at all: a customer who never had a money change, or nobody (two reads, only then).
  if (!first && !(await journal.known(id))) throw new AppError('NOT_FOUND', 'No customer, current or deleted, has this id.');
  const made = statementOf({ period, first, lastBefore, movements });
  if (!made.ok) throw new AppError(made.error.code, made.error.message);
  const statement = made.value;
  return {
    id,
    from,
    to,
    journalSince: statement.journalSince,
    complete: statement.complete,
    opening: statement.opening && viewOf(statement.opening),
    movements: statement.movements.map((line) => ({
      id: line.id,
      at: line.at,
      before: viewOf(line.before),
      running: viewOf(line.running),
      change: dollarsOf(line.deltaCents),
      writer: line.writer,
      auditId: line.auditId,
      outside: line.outside,
      gap: line.gap
    })),
    closing: statement.closing && viewOf(statement.closing)
  };
}
