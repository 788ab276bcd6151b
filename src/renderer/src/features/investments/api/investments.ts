import { useInfiniteQuery } from '@tanstack/react-query';
import type { InvestmentStatus } from '../../../../../shared/domain/statuses';
import { cursorInput, pagedQuery } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';

export const investmentsListKey = ['investments', 'list'];

const investmentsQuery = pagedQuery(
  investmentsListKey,
  (cursor) => call(() => api().investments.list(cursorInput(cursor))),
  'Failed to load investments.'
);

export const useInvestments = () => useInfiniteQuery(investmentsQuery);

export const setInvestmentStatus = (id: string, status: InvestmentStatus) =>
  asOneAction('investments.setStatus', { id, status }, (operationId) =>
    call(() => api().investments.setStatus({ id, status, operationId }))
  );
