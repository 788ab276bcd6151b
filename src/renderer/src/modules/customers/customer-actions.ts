import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Input, Page, CustomerRow } from '@shared/contract';
import { fieldLabels } from '@shared/domain/users';
import { customerKeys, openedRecordQuery } from './customer-queries';
import { api, call, errorMessage, isApiError } from '../../lib/api';
import { asOneAction } from '../../lib/operations';
import { withStepUp } from '../../lib/step-up';
import { notify } from '../../lib/notify';
import { rootKeys } from '../../lib/query-keys';
import { decisionFactsKey } from '../status/decision';

/**
 * What an administrator does to one customer (Manage, Verify, KYC, Delete), from Manage Users and
 * from the customer's own page alike. The writes show in every cached view of that customer at
 * once (list pages, search results, panel, profile), whatever screen keyed them, because they are
 * found by shape under 'users' rather than by one screen's keys.
 */
export const customerActionKeys = {
  kyc: (id: string) => [...customerKeys.all, 'kyc', id] as const,
  adjust: (id: string) => [...customerKeys.all, 'adjust', id] as const,
  setVerified: (id: string) => [...customerKeys.all, 'setVerified', id] as const,
  decideKyc: (id: string) => [...customerKeys.all, 'decideKyc', id] as const,
  suspend: (id: string) => [...customerKeys.all, 'suspend', id] as const,
  delete: () => [...customerKeys.all, 'delete'] as const
};

export const useKyc = (id: string) =>
  useQuery(openedRecordQuery(customerActionKeys.kyc(id), () => api().users.kyc({ id }), 'Failed to load the KYC documents.'));

// ---- The query cache

type Rows = { rows: CustomerRow[] };
type Paged = { pages: Page<CustomerRow>[] };

const isPaged = (data: unknown): data is Paged => typeof data === 'object' && data !== null && Array.isArray((data as Paged).pages);
const hasRows = (data: unknown): data is Rows => typeof data === 'object' && data !== null && Array.isArray((data as Rows).rows);
const isRecordOf = (data: unknown, id: string): data is CustomerRow => typeof data === 'object' && data !== null && (data as { id?: unknown }).id === id;

/** Every cached list page, search result or single record of this customer shows the change. */
export function patchUser(queryClient: QueryClient, id: string, patch: Partial<CustomerRow>) {
  const patchRow = (row: CustomerRow) => (row.id === id ? { ...row, ...patch } : row);
  queryClient.setQueriesData<unknown>({ queryKey: rootKeys.users }, (data: unknown) => {
    if (isPaged(data)) return { ...data, pages: data.pages.map((page) => ({ ...page, rows: page.rows.map(patchRow) })) };
    if (hasRows(data)) return { ...data, rows: data.rows.map(patchRow) };
    if (isRecordOf(data, id)) return { ...data, ...patch };
    return data;
  });
}

const mentions = (id: string) => ({ queryKey: rootKeys.users, predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey.includes(id) });

export function removeUser(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<unknown>({ queryKey: rootKeys.users }, (data: unknown) => {
    if (isPaged(data)) {
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
    }
    if (hasRows(data)) return { ...data, rows: data.rows.filter((row) => row.id !== id) };
    return data;
  });
  // The customer's own records (panel, profile, KYC) are not re-read: they would only answer "not found".
  queryClient.removeQueries({ ...mentions(id), type: 'inactive' });
  // Counts are aggregations (cheap), and which of them held this customer is not known here.
  void queryClient.invalidateQueries({
    queryKey: rootKeys.users,
    predicate: (query) => query.queryKey.some((part) => typeof part === 'string' && /count|passwordNotice/i.test(part))
  });
}

/**
 * After a write the views already show the new value; the rest is marked stale so it is re-read
 * when next shown, without re-reading every loaded page now (2,000 rows would be 20 reads).
 * This customer's own records (panel, profile) are re-read now.
 */
function afterWrite(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: rootKeys.users, refetchType: 'none' });
  void queryClient.invalidateQueries(mentions(id));
  void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
}

// ---- Writes

/** One Manage change as the administrator asked it: the contract's users.adjust, less who and which action. */
export type Adjustment = Omit<Input<'users.adjust'>, 'id' | 'operationId'>;

export function useAdjustCustomer(user: CustomerRow) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerActionKeys.adjust(user.id),
    mutationFn: (adjustment: Adjustment) =>
      asOneAction('users.adjust', { id: user.id, ...adjustment }, (operationId) => call(() => api().users.adjust({ id: user.id, ...adjustment, operationId }))),
    onSuccess(result, adjustment) {
      // Sent for approval (the policy covers it): nothing changed; the dialog says so and links the Approvals screen.
      if (result.approvalRequestId) {
        void queryClient.invalidateQueries({ queryKey: rootKeys.approvals });
        return;
      }
      const after = result.effects[0]?.after;
      if (typeof after === 'number') patchUser(queryClient, user.id, { [adjustment.field]: after });
      notify.success(result.message);
    },
    onError(error, adjustment) {
      notify.error(`Failed to update ${fieldLabels[adjustment.field]}.`, errorMessage(error));
      // The stored value may differ from the one on screen (someone else changed it): re-read it.
      if (isApiError(error, 'CONFLICT') || isApiError(error, 'VALIDATION')) {
        void queryClient.invalidateQueries({ queryKey: rootKeys.users });
      }
    },
    onSettled() {
      afterWrite(queryClient, user.id);
    }
  });
}

export function useSetVerified(user: Pick<CustomerRow, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerActionKeys.setVerified(user.id),
    mutationFn: (verified: boolean) =>
      asOneAction('users.setVerified', { id: user.id, verified }, (operationId) => call(() => api().users.setVerified({ id: user.id, verified, operationId }))),
    onSuccess(result, verified) {
      patchUser(queryClient, user.id, { verified });
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to update verification status.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: rootKeys.users });
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
    filters: { mutationKey: customerActionKeys.setVerified(id), status: 'pending' },
    select: (mutation) => mutation.state.variables as boolean
  })[0];

/** A KYC decision as the dialog takes it: the contract's users.decideKyc, less who and which action. */
export type KycDecisionRequest = Omit<Input<'users.decideKyc'>, 'id' | 'operationId'>;

export function useDecideKyc(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerActionKeys.decideKyc(id),
    mutationFn: (decision: KycDecisionRequest) =>
      asOneAction('users.decideKyc', { id, ...decision }, (operationId) => call(() => api().users.decideKyc({ id, ...decision, operationId }))),
    onSuccess(result, { status }) {
      queryClient.setQueryData(customerActionKeys.kyc(id), (kyc: { status: string | null } | undefined) => kyc && { ...kyc, status });
      patchUser(queryClient, id, { kycStatus: status });
      notify.success(result.message);
    },
    onError(error) {
      notify.error('Failed to update the KYC status.', errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: customerActionKeys.kyc(id) });
    },
    onSettled() {
      // KYC queues and their counts move; they are re-read when next shown. The decision may have queued an e-mail.
      void queryClient.invalidateQueries({ queryKey: rootKeys.users, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
      void queryClient.invalidateQueries({ queryKey: rootKeys.mail });
    }
  });
}

/** One deletion as the administrator confirmed it; `operationId` is made once per confirmation. */
export type DeleteRequest = Input<'users.delete'>;

/**
 * The backend host refused because the customer still holds money or has open requests; the
 * message names the figures ("This customer still holds $1,234.50 and has 2 open deposits and
 * 1 open withdrawal."), worded so by server/routes/deleteUser.ts.
 */
export const holdsMoney = (error: unknown): boolean => isApiError(error, 'HOLDS_MONEY');

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerActionKeys.delete(),
    // Deleting asks for the password again past the step-up window, then is sent again with the same operationId.
    mutationFn: ({ id, operationId, reason, force }: DeleteRequest) =>
      withStepUp(() => call(() => api().users.delete({ id, operationId, reason, ...(force ? { force: true } : {}) }))),
    // A retry carries the same operationId (the host's Idempotency-Key), so a lost reply cannot delete twice.
    retry: (failures, error) => isApiError(error, 'UNAVAILABLE') && failures < 1,
    onSuccess(result, { id }) {
      // Under the approval policy nothing was deleted yet: the request waits on the Approvals screen (the dialog says so).
      if (result.approvalRequestId) return;
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
      void queryClient.invalidateQueries({ queryKey: rootKeys.users, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: rootKeys.audit });
    }
  });
}

/**
 * Suspends a customer or lifts it, through the backend host (docs/product-rules.md §6.9). One
 * action per confirmation; past the step-up window the password is asked first.
 */
export function useSetSuspended(user: Pick<CustomerRow, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerActionKeys.suspend(user.id),
    mutationFn: ({ suspend, reason }: { suspend: boolean; reason: string }) =>
      asOneAction(suspend ? 'users.suspend' : 'users.unsuspend', { id: user.id, reason }, (operationId) =>
        call(() => (suspend ? api().users.suspend({ id: user.id, reason, operationId }) : api().users.unsuspend({ id: user.id, reason, operationId })))
      ),
    onSuccess(result, { suspend }) {
      patchUser(queryClient, user.id, { suspended: suspend });
      notify.success(result.message);
    },
    onError(error, { suspend }) {
      notify.error(suspend ? 'Failed to suspend the customer.' : 'Failed to lift the suspension.', errorMessage(error));
    },
    onSettled() {
      afterWrite(queryClient, user.id);
      void queryClient.invalidateQueries({ queryKey: decisionFactsKey });
    }
  });
}
