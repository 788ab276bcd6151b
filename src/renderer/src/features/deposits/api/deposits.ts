import type { DepositStatus } from '../../../../../shared/domain/statuses';
import { pageFetcher } from '../../../components/data-table/paged-query';
import { statusSetter } from '../../../components/money-list/money-list';
import { api } from '../../../lib/api';
import { listKeys, rootKeys } from '../../../lib/query-keys';

export const depositKeys = listKeys(rootKeys.deposits);

/** A page of deposits: 10 for the screen, 500 for Export CSV. */
export const fetchDeposits = pageFetcher((input) => api().deposits.list(input));

export const setDepositStatus = statusSetter<DepositStatus>('deposits.setStatus', (input) => api().deposits.setStatus(input));
