import { AmountCell, DateCell, TextCell } from './cells';
import { column } from './column';

/** Columns several lists show the same way; each list picks the ones it has, in its own order. */

type Text = string | null | undefined;

export const textColumn = <T,>(id: string, header: string, value: (row: T) => Text, skeleton: string) =>
  column<T>(id, header, (row) => <TextCell value={value(row)} />, { skeleton });

export const dateColumn = <T,>(id: string, header: string, value: (row: T) => Text) =>
  column<T>(id, header, (row) => <DateCell value={value(row)} />, { skeleton: 'w-32' });

export const amountColumn = <T extends { amount: number | null; amountRaw: string | null }>() =>
  column<T>('amount', 'Amount', (row) => <AmountCell amount={row.amount} raw={row.amountRaw} />, {
    align: 'right',
    skeleton: 'w-20'
  });
