import type { CompoundInvestmentStatus } from '../../../../../shared/domain/statuses';
import { pageFetcher } from '../../../components/data-table/paged-query';
import { statusSetter } from '../../../components/money-list/money-list';
import { api } from '../../../lib/api';
import { listKeys, rootKeys } from '../../../lib/query-keys';

export const compoundInvestmentKeys = listKeys(rootKeys.compoundInvestments);

/** A page of compound investments: 10 for the screen, 500 for Export CSV. */
export const fetchCompoundInvestments = pageFetcher((input) => api().compoundInvestments.list(input));

export const setCompoundInvestmentStatus = statusSetter<CompoundInvestmentStatus>('compoundInvestments.setStatus', (input) =>
  api().compoundInvestments.setStatus(input)
);
