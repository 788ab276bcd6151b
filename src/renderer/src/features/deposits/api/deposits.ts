import { useInfiniteQuery } from '@tanstack/react-query';
import type { DepositStatus } from '../../../../../shared/domain/statuses';
import { cursorInput, pagedQuery } from '../../../components/data-table/paged-query';
import { moneyKeys } from '../../../components/status/use-status-change';
import { api, call } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';

export const depositsListKey = ['deposits', 'list'];

const depositsQuery = pagedQuery(
  depositsListKey,
  (cursor) => call(() => api().deposits.list(cursorInput(cursor))),
  'Failed to load deposits.'
);

export const useDeposits = () => useInfiniteQuery(depositsQuery);

export const setDepositStatus = (id: string, status: DepositStatus) =>
  asOneAction('deposits.setStatus', { id, status }, (operationId) => call(() => api().deposits.setStatus({ id, status, operationId })));

/** A successful deposit can activate the investment it paid for, so investments refresh too. */
export const depositInvalidates = [...moneyKeys, ['investments']];
