import type { ReactNode } from 'react';
import { column } from '../../components/data-table/column';
import { StatusBadge } from './StatusBadge';

/** A record's status as its badge, the same on every list; a list cannot hide it. `beside`: what the list adds after it (a withdrawal awaiting approval). */
export const statusColumn = <T extends { status: string }>(beside?: (row: T) => ReactNode) =>
  column<T>(
    'status',
    'Status',
    (row) => (
      <span className="inline-flex flex-wrap items-center gap-1">
        <StatusBadge status={row.status} />
        {beside?.(row)}
      </span>
    ),
    { skeleton: 'w-16', required: true }
  );
