import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient
} from '@tanstack/react-query';
import type { Page, UserRow, UserSearchResult } from '../../../../../shared/contract';
import { fieldLabels, type AdjustableField, type KycDecision } from '../../../../../shared/domain/customers';
import { customerCardQuery } from '../../../components/customer/customer-card-query';
import { cursorInput, pagedQuery, patchPagedRow } from '../../../components/data-table/paged-query';
import { api, call, errorMessage, isApiError } from '../../../lib/api';
import { asOneAction } from '../../../lib/operations';
import { notify } from '../../../lib/notify';

/** Everything under 'users' refreshes when a money change elsewhere moves a customer's figures. */
export const usersListKey = ['users', 'list'];
const searchKey = ['users', 'search'];
const kycKey = (id: string) => ['users', 'kyc', id];

const usersQuery = pagedQuery(
  usersListKey,
  (cursor) => call(() => api().users.list(cursorInput(cursor))),
  'Failed to fetch users.'
);

export const useUsers = () => useInfiniteQuery(usersQuery);

const countKey = ['users', 'count'];

/** "of N customers": asked separately, so the first page of rows never waits for two counts. */
export const useUsersCount = () =>
  useQuery({
    queryKey: countKey,
    queryFn: () => call(() => api().users.count({})),
    meta: { silent: true }
  });

/** Customers whose e-mail or name starts with the text; each screen adds when and how often it runs. */
export const userSearchQuery = (text: string) =>
  queryOptions({
    queryKey: [...searchKey, text],
    queryFn: () => call(() => api().users.search({ text }))
  });

/** Firestore's e-mail prefix / name prefix search; only runs once the administrator presses Enter. */
export const useUserSearch = (text: string | null) =>
  useQuery({
    ...userSearchQuery(text ?? ''),
    enabled: text !== null,
    staleTime: 0,
    meta: { errorTitle: 'Could not search all customers.' }
  });

/** How many customer documents still carry a plain-text password field (an aggregation, no reads). */
export const usePasswordNotice = () =>
  useQuery({
    queryKey: ['users', 'passwordNotice'],
    queryFn: () => call(() => api().users.passwordNotice({})),
    staleTime: 5 * 60_000,
    // A security hint, not the screen's purpose: its failure should not interrupt the administrator.
    meta: { silent: true }
  });

export const useKyc = (id: string) =>
  useQuery({
    queryKey: kycKey(id),
    queryFn: () => call(() => api().users.kyc({ id })),
    staleTime: 0,
    meta: { errorTitle: 'Failed to load the KYC documents.' }
  });

// ---- The query cache: a change shows in its row at once, in the list and in search results alike.

type UsersData = InfiniteData<Page<UserRow>, unknown>;

function patchUser(queryClient: QueryClient, id: string, patch: Partial<UserRow>) {
  patchPagedRow<UserRow>(queryClient, usersListKey, id, patch);
  queryClient.setQueriesData<UserSearchResult>({ queryKey: searchKey }, (data) =>
    data && { ...data, rows: data.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }
  );
}

function removeUser(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<UsersData>(usersListKey, (data) => {
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
  queryClient.setQueriesData<UserSearchResult>({ queryKey: searchKey }, (data) =>
    data && { ...data, rows: data.rows.filter((row) => row.id !== id) }
  );
  queryClient.setQueryData<{ total: number; unlisted: number }>(countKey, (data) =>
    data && { ...data, total: Math.max(0, data.total - 1) }
  );
  queryClient.removeQueries({ queryKey: kycKey(id) });
  queryClient.removeQueries({ queryKey: customerCardQuery(id).queryKey });
}

/**
 * After a write the row already shows the new value; the rest is marked stale so it is re-read
 * when next shown, without re-reading every loaded page now (2,000 rows would be 20 reads).
 */
function afterWrite(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: usersListKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: customerCardQuery(id).queryKey });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
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
    mutationKey: ['users', 'adjust', user.id],
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
        void queryClient.invalidateQueries({ queryKey: ['users'] });
      }
    },
    onSettled() {
      afterWrite(queryClient, user.id);
    }
  });
}

const verifyKey = (id: string) => ['users', 'setVerified', id];

export function useSetVerified(user: UserRow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: verifyKey(user.id),
    mutationFn: (verified: boolean) => asOneAction('users.setVerified', { id: user.id, verified }, (operationId) =>
        call(() => api().users.setVerified({ id: user.id, verified, operationId }))
      ),
    onSuccess(result, verified) {
      patchUser(queryClient, user.id, { verified });
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to update verification status.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
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
    filters: { mutationKey: verifyKey(id), status: 'pending' },
    select: (mutation) => mutation.state.variables as boolean
  })[0];

export function useDecideKyc(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'decideKyc', id],
    mutationFn: (status: KycDecision) => asOneAction('users.decideKyc', { id, status }, (operationId) => call(() => api().users.decideKyc({ id, status, operationId }))),
    onSuccess(result, status) {
      queryClient.setQueryData(kycKey(id), (kyc: { status: string | null } | undefined) => kyc && { ...kyc, status });
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to update the KYC status.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: kycKey(id) });
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
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
    mutationKey: ['users', 'delete'],
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
      void queryClient.invalidateQueries({ queryKey: usersListKey, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['users', 'passwordNotice'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  });
}
