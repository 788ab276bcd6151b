import { column } from '../../components/data-table/column';
import { StatusBadge } from './StatusBadge';

/** A record's status as its badge, the same on every list; a list cannot hide it. */
export const statusColumn = <T extends { status: string }>() =>
  column<T>('status', 'Status', (row) => <StatusBadge status={row.status} />, { skeleton: 'w-16', required: true });
