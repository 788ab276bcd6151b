import { describe, expect, it, vi } from 'vitest';
import type { BackendHost } from '@core/ports/backendHost';
import type { LedgerStore } from '@core/ports/ledgerStore';
import { deleteUser } from '@core/userChanges';
import type { Changeset } from '@shared/domain/changeset';

// Deleting a customer under the approval policy (docs/product-rules.md §15.6, customerDeletion): the
// maker's desktop files the request and does not call the backend host; the approver's apply calls
// the host with the request's id.

const KEY = '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b';
const maker = { uid: 'maker', email: 'maker@ledgerdesk.test', role: 'admin' as const };

function platform(policy: Record<string, unknown>) {
  const docs: Record<string, Record<string, unknown>> = {
    'settings/ledgerdesk': { approvals: policy },
    'users/casey': { fullname: 'Casey Customer', email: 'casey@example.com' }
  };
  const read = { get: async (path: string) => (docs[path] ? { id: path, data: docs[path] } : null) };
  const committed: Changeset[] = [];
  const store = {
    inspect: async (look: (r: typeof read) => unknown) => look(read),
    transact: async (write: { decide: (r: typeof read) => Promise<{ value: Changeset }>; answer: (c: Changeset) => unknown }) => {
      const decided = await write.decide(read);
      committed.push(decided.value);
      return { answer: write.answer(decided.value) };
    }
  } as unknown as LedgerStore;
  const backend = { deleteUser: vi.fn(async () => undefined) };
  return { committed, backend, ctx: { backend: backend as unknown as BackendHost, idToken: async () => 'id-token', store, actor: maker } };
}

describe('deleting a customer under the approval policy', () => {
  it('files the deletion as a request, forced or not as asked, and does not call the host', async () => {
    const { ctx, backend, committed } = platform({ customerDeletion: true });
    const answer = await deleteUser(ctx, { id: 'casey', operationId: KEY, reason: 'Closed on request', force: true });
    expect(answer.approvalRequestId).toBe(KEY);
    expect(answer.message).toMatch(/^Sent for approval\. Deleting a customer needs a second administrator's approval\. Nothing was applied yet/);
    expect(backend.deleteUser).not.toHaveBeenCalled();
    expect(committed[0]!.changes[0]).toMatchObject({
      path: `approvalRequests/${KEY}`,
      set: {
        kind: 'customerDeletion',
        target: 'users/casey',
        change: { delete: true, force: true },
        method: 'users.delete',
        decision: { id: 'casey', reason: 'Closed on request', force: true },
        requestedBy: { uid: 'maker', email: 'maker@ledgerdesk.test' }
      }
    });
    expect(committed[0]!.audit).toMatchObject({ summary: 'Approval asked: Delete customer Casey Customer (with force)', reason: 'Closed on request' });
  });

  it('deletes through the host as before when the policy does not cover deletions', async () => {
    const { ctx, backend, committed } = platform({ teamChanges: true });
    expect(await deleteUser(ctx, { id: 'casey', operationId: KEY, reason: 'Closed on request' })).toEqual({ message: 'User has been deleted.' });
    expect(backend.deleteUser).toHaveBeenCalledWith('casey', 'id-token', KEY, { force: false, reason: 'Closed on request' });
    expect(committed).toEqual([]);
  });

  it('applies an approved request by calling the host with its id', async () => {
    const { ctx, backend, committed } = platform({ customerDeletion: true });
    await deleteUser({ ...ctx, approval: { id: 'req-1' } }, { id: 'casey', operationId: KEY, reason: 'Closed on request' });
    expect(backend.deleteUser).toHaveBeenCalledWith('casey', 'id-token', KEY, { force: false, reason: 'Closed on request', approvalRequestId: 'req-1' });
    expect(committed).toEqual([]);
  });
});
