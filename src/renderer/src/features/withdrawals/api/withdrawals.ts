import type { WithdrawalStatus } from '../../../../../shared/domain/statuses';
import { pageFetcher } from '../../../components/data-table/paged-query';
import { statusSetter } from '../../../components/money-list/money-list';
import { api } from '../../../lib/api';
import { listKeys, rootKeys } from '../../../lib/query-keys';

export const withdrawalKeys = listKeys(rootKeys.withdrawals);

/** A page of withdrawals: 10 for the screen, 500 for Export CSV. */
export const fetchWithdrawals = pageFetcher((input) => api().withdrawals.list(input));

export const setWithdrawalStatus = statusSetter<WithdrawalStatus>('withdrawals.setStatus', (input) => api().withdrawals.setStatus(input));
