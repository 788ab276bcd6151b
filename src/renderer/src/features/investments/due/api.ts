import { api, call } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';
import type { PageFetcher } from '../../../components/data-table/paged-query';
import type { InvestmentRow } from '@shared/contract';

/** The Due tab's cache: its pages per page size, under the investments' root so a status change refreshes it. */
export const dueKeys = {
  all: [...rootKeys.investments, 'due'] as const,
  pages: (pageSize: number) => [...rootKeys.investments, 'due', pageSize] as const
};

/** A page of investments due (`investments.due`): the screen's page size, or a bigger one for export and select-all. */
export const dueFetcher =
  (screenSize: number): PageFetcher<InvestmentRow> =>
  (cursor, pageSize) =>
    call(() => api().investments.due({ ...(cursor ? { cursor } : {}), pageSize: pageSize ?? screenSize }));
