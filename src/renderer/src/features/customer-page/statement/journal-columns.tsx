import type { JournalEntry } from '@shared/schemas/journal';
import { column } from '../../../components/data-table/column';
import { dateColumn } from '../../../components/data-table/common-columns';
import { ChangeAmounts, ChangedFigures, ChangeSource, JournalAmount, WriterText } from './journal-cells';

/** The Journal tab's table: one row per write, each figure it changed on a line of its own. */
export const journalColumns = [
  dateColumn<JournalEntry>('at', 'Time', (entry) => entry.at),
  column<JournalEntry>('changes', 'Figure: before → after', (entry) => <ChangedFigures entry={entry} />, { skeleton: 'w-56' }),
  column<JournalEntry>('change', 'Change', (entry) => <ChangeAmounts entry={entry} />, { align: 'right', skeleton: 'w-20', required: true }),
  column<JournalEntry>('balance', 'Running balance', (entry) => <JournalAmount value={entry.balance} />, { align: 'right', skeleton: 'w-20' }),
  column<JournalEntry>('writer', 'Made by', (entry) => <WriterText writer={entry.writer} />, { skeleton: 'w-32' }),
  column<JournalEntry>('source', 'Source', (entry) => <ChangeSource change={entry} />, { skeleton: 'w-32' })
];
