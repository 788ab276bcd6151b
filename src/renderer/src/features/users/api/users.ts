import {
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient
} from '@tanstack/react-query';
import type { Page, UserRow, UserSearchResult } from '../../../../../shared/contract';
import { fieldLabels, type AdjustableField, type KycDecision } from '../../../../../shared/domain/users';
import { customerKeys, customerSearchQuery, openedRecordQuery } from '../../../components/customer/customer-queries';
import { pagedQuery, pageFetcher, patchPagedRow } from '../../../components/data-table/paged-query';
import { api, call, errorMessage, isApiError } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';
import { rootKeys } from '../../../lib/query-keys';

/** Everything under 'users' refreshes when a money change elsewhere moves a customer's figures. */
export const userKeys = {
  ...customerKeys,
  list: () => [...customerKeys.all, 'list'] as const,
  count: () => [...customerKeys.all, 'count'] as const,
  passwordNotice: () => [...customerKeys.all, 'passwordNotice'] as const,
  kyc: (id: string) => [...customerKeys.all, 'kyc', id] as const,
  adjust: (id: string) => [...customerKeys.all, 'adjust', id] as const,
  setVerified: (id: string) => [...customerKeys.all, 'setVerified', id] as const,
  decideKyc: (id: string) => [...customerKeys.all, 'decideKyc', id] as const,
  delete: () => [...customerKeys.all, 'delete'] as const
};

/** A page of customers: 100 for the screen, 500 for Export CSV. */
export const fetchUsers = pageFetcher((input) => api().users.list(input));

const usersQuery = pagedQuery(userKeys.list(), (cursor) => fetchUsers(cursor), 'Failed to fetch users.');

export const useUsers = () => useInfiniteQuery(usersQuery);

/** "of N customers": asked separately, so the first page of rows never waits for two counts. */
export const useUsersCount = () =>
  useQuery({
    queryKey: userKeys.count(),
    queryFn: () => call(() => api().users.count({})),
    meta: { silent: true }
  });

/** Firestore's e-mail prefix / name prefix search; only runs once the administrator presses Enter. */
export const useUserSearch = (text: string | null) =>
  useQuery({
    ...customerSearchQuery(text ?? ''),
    enabled: text !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not search all customers.' }
  });

/** How many customer documents still carry a plain-text password field (an aggregation, no reads). */
export const usePasswordNotice = () =>
  useQuery({
    queryKey: userKeys.passwordNotice(),
    queryFn: () => call(() => api().users.passwordNotice({})),
    staleTime: 5 * 60_000,
    // A security hint, not the screen's purpose: its failure should not interrupt the administrator.
    meta: { silent: true }
  });

export const useKyc = (id: string) =>
  useQuery(openedRecordQuery(userKeys.kyc(id), () => api().users.kyc({ id }), 'Failed to load the KYC documents.'));

// ---- The query cache: a change shows in its row at once, in the list and in search results alike.

type UsersData = InfiniteData<Page<UserRow>, unknown>;

function patchUser(queryClient: QueryClient, id: string, patch: Partial<UserRow>) {
  patchPagedRow<UserRow>(queryClient, userKeys.list(), id, patch);
  queryClient.setQueriesData<UserSearchResult>({ queryKey: userKeys.searches() }, (data) =>
    data && { ...data, rows: data.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }
  );
}

function removeUser(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<UsersData>(userKeys.list(), (data) => {
    if (!data) return data;
    const listed = data.pages.some((page) => page.rows.some((row) => row.id === id));
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        rows: page.rows.filter((row) => row.id !== id),
        // "Showing N of T" stays true without re-reading every loaded page.
        total: index === 0 && listed && page.total !== null ? Math.max(0, page.total - 1) : page.total
      }))
    };
  });
  queryClient.setQueriesData<UserSearchResult>({ queryKey: userKeys.searches() }, (data) =>
    data && { ...data, rows: data.rows.filter((row) => row.id !== id) }
  );
  queryClient.setQueryData<{ total: number; unlisted: number }>(userKeys.count(), (data) =>
    data && { ...data, total: Math.max(0, data.total - 1) }
  );
  queryClient.removeQueries({ queryKey: userKeys.kyc(id) });
  queryClient.removeQueries({ queryKey: userKeys.card(id) });
}

/**
 * After a write the row already shows the new value; the rest is marked stale so it is re-read
 * when next shown, without re-reading every loaded page now (2,000 rows would be 20 reads).
 */
function afterWrite(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: userKeys.list(), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: userKeys.card(id) });
  void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
}

// ---- Writes

export interface Adjustment {
  field: AdjustableField;
  operation: 'add' | 'subtract';
  amount: number;
  reason: string;
  allowNegative: boolean;
}

export function useAdjustUser(user: UserRow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.adjust(user.id),
    mutationFn: (adjustment: Adjustment) => asOneAction('users.adjust', { id: user.id, ...adjustment }, (operationId) =>
        call(() => api().users.adjust({ id: user.id, ...adjustment, operationId }))
      ),
    onSuccess(result, adjustment) {
      const after = result.effects[0]?.after;
      if (typeof after === 'number') patchUser(queryClient, user.id, { [adjustment.field]: after });
      notify.success(result.message);
    },
    onError(error, adjustment) {
      notify.error(`Failed to update ${fieldLabels[adjustment.field]}.`, errorMessage(error));
      // The stored value may differ from the one on screen (someone else changed it): re-read it.
      if (isApiError(error, 'CONFLICT') || isApiError(error, 'VALIDATION')) {
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
    },
    onSettled() {
      afterWrite(queryClient, user.id);
    }
  });
}

export function useSetVerified(user: UserRow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.setVerified(user.id),
    mutationFn: (verified: boolean) => asOneAction('users.setVerified', { id: user.id, verified }, (operationId) =>
        call(() => api().users.setVerified({ id: user.id, verified, operationId }))
      ),
    onSuccess(result, verified) {
      patchUser(queryClient, user.id, { verified });
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to update verification status.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onSettled() {
      afterWrite(queryClient, user.id);
    }
  });
}

/**
 * The value being saved for this customer's verification, undefined when nothing is saving; read
 * from the mutation cache, so it survives the row being scrolled away and back.
 */
export const usePendingVerification = (id: string): boolean | undefined =>
  useMutationState({
    filters: { mutationKey: userKeys.setVerified(id), status: 'pending' },
    select: (mutation) => mutation.state.variables as boolean
  })[0];

export function useDecideKyc(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.decideKyc(id),
    mutationFn: (status: KycDecision) => asOneAction('users.decideKyc', { id, status }, (operationId) => call(() => api().users.decideKyc({ id, status, operationId }))),
    onSuccess(result, status) {
      queryClient.setQueryData(userKeys.kyc(id), (kyc: { status: string | null } | undefined) => kyc && { ...kyc, status });
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to update the KYC status.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: userKeys.kyc(id) });
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
    }
  });
}

/** One deletion as the administrator confirmed it; `operationId` is made once per confirmation. */
export interface DeleteRequest {
  id: string;
  operationId: string;
  /** Only after the second confirmation, which showed what the customer still holds. */
  force?: boolean;
}

/**
 * The backend host refused because the customer still holds money or has pending requests; the
 * message names the figures ("This customer still holds $1,234.50 and has 2 pending deposits and
 * 1 pending withdrawal."), worded so by server/routes/deleteUser.ts.
 */
export const holdsMoney = (error: unknown): boolean =>
  isApiError(error, 'CONFLICT') && error.message.startsWith('This customer still holds ');

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: userKeys.delete(),
    mutationFn: ({ id, operationId, force }: DeleteRequest) =>
      call(() => api().users.delete({ id, operationId, ...(force ? { force: true } : {}) })),
    // A retry carries the same operationId (the host's Idempotency-Key), so a lost reply cannot delete twice.
    retry: (failures, error) => isApiError(error, 'UNAVAILABLE') && failures < 1,
    onSuccess(result, { id }) {
      removeUser(queryClient, id);
      notify.success('Deleted!', result.message);
    },
    onError(error, { id }) {
      // Not a failure: the dialog asks a second time, showing the figures.
      if (holdsMoney(error)) return;
      const serverText = error instanceof Error && error.message ? error.message : undefined;
      notify.error('Failed to delete user.', serverText);
      // Already gone elsewhere: take it off the screen too.
      if (isApiError(error, 'NOT_FOUND')) removeUser(queryClient, id);
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: userKeys.list(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: userKeys.passwordNotice() });
      void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
    }
  });
}
