import { useInfiniteQuery } from '@tanstack/react-query';
import type { CompoundInvestmentStatus } from '../../../../../shared/domain/statuses';
import { cursorInput, pagedQuery } from '../../../components/data-table/paged-query';
import { api, call } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';

export const compoundInvestmentsListKey = ['compoundInvestments', 'list'];

const compoundInvestmentsQuery = pagedQuery(
  compoundInvestmentsListKey,
  (cursor) => call(() => api().compoundInvestments.list(cursorInput(cursor))),
  'Failed to load compound investments.'
);

export const useCompoundInvestments = () => useInfiniteQuery(compoundInvestmentsQuery);

export const setCompoundInvestmentStatus = (id: string, status: CompoundInvestmentStatus) =>
  asOneAction('compoundInvestments.setStatus', { id, status }, (operationId) =>
    call(() => api().compoundInvestments.setStatus({ id, status, operationId }))
  );
