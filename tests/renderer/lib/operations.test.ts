import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/renderer/src/lib/api';
import { asOneAction } from '../../../src/renderer/src/lib/operations';

/** Records the operationId of every send, answering with the given outcomes in turn. */
const sender = (...outcomes: (Error | 'ok')[]) => {
  const ids: string[] = [];
  const send = async (operationId: string) => {
    ids.push(operationId);
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
    return operationId;
  };
  return { ids, send };
};

describe('one operationId per administrator action', () => {
  it('a retry after a lost reply carries the same id, so the main process can replay it', async () => {
    const { ids, send } = sender(new ApiError('UNAVAILABLE', 'lost'), 'ok');
    await expect(asOneAction('users.adjust', { id: 'a', amount: 5 }, send)).rejects.toThrow('lost');
    await asOneAction('users.adjust', { id: 'a', amount: 5 }, send);
    expect(ids[0]).toBe(ids[1]);
  });

  it('a double click sends one id twice', async () => {
    const { ids, send } = sender();
    await Promise.all([asOneAction('deposits.setStatus', { id: 'd' }, send), asOneAction('deposits.setStatus', { id: 'd' }, send)]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('the same request after an answer is a new action with a new id', async () => {
    const { ids, send } = sender('ok', new ApiError('CONFLICT', 'no'), 'ok');
    await asOneAction('users.adjust', { id: 'a', amount: 5 }, send);
    await expect(asOneAction('users.adjust', { id: 'a', amount: 5 }, send)).rejects.toThrow('no');
    await asOneAction('users.adjust', { id: 'a', amount: 5 }, send);
    expect(new Set(ids).size).toBe(3);
  });

  it('a different request never shares an id', async () => {
    const { ids, send } = sender(new ApiError('UNAVAILABLE', 'lost'));
    await expect(asOneAction('users.adjust', { id: 'a', amount: 5 }, send)).rejects.toThrow();
    await asOneAction('users.adjust', { id: 'a', amount: 6 }, send);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  });
});
