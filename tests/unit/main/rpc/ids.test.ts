import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers } from '@main/rpc/dispatcher';
import { methodNames } from '@shared/methods';

// Every method takes its ids through the contract's shared id schema: a path never reaches a handler.
const calls = vi.fn();
const handlers = Object.fromEntries(methodNames.map((name) => [name, (input: unknown) => (calls(name, input), null)])) as unknown as Handlers;

describe('ids at the dispatcher', () => {
  it.each(['x/sub/y', '..', '.', '__name__', 'k'.repeat(1501), ''])('users.kyc with id %j is refused as VALIDATION', async (id) => {
    calls.mockClear();
    const dispatch = createDispatcher({ handlers, role: () => 'owner' });
    const result = await dispatch('users.kyc', { id });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('VALIDATION');
      expect(result.error.message).toMatch(/^Invalid input\. id: A document id must /);
    }
    expect(calls).not.toHaveBeenCalled();
  });

  it('names the problem: users.kyc with x/sub/y', async () => {
    const dispatch = createDispatcher({ handlers, role: () => 'owner' });
    expect(await dispatch('users.kyc', { id: 'x/sub/y' })).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: "Invalid input. id: A document id must not contain '/'." }
    });
  });

  it.each(['users.card', 'users.kyc'] as const)('%s passes an ordinary id on to its handler', async (method) => {
    calls.mockClear();
    const dispatch = createDispatcher({ handlers, role: () => 'owner', log: () => {} });
    await dispatch(method, { id: 'ledgerdesk-demo-customer' });
    expect(calls).toHaveBeenCalledWith(method, { id: 'ledgerdesk-demo-customer' });
  });
});
