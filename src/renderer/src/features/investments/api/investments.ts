import type { InvestmentStatus } from '../../../../../shared/domain/statuses';
import { pageFetcher } from '../../../components/data-table/paged-query';
import { statusSetter } from '../../../components/money-list/money-list';
import { api } from '../../../lib/api';
import { listKeys, rootKeys } from '../../../lib/query-keys';

export const investmentKeys = listKeys(rootKeys.investments);

/** A page of investments: 10 for the screen, 500 for Export CSV. */
export const fetchInvestments = pageFetcher((input) => api().investments.list(input));

export const setInvestmentStatus = statusSetter<InvestmentStatus>('investments.setStatus', (input) => api().investments.setStatus(input));
