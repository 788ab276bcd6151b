// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DRAFT_WRITE_DELAY_MS, useDraft } from '../../../src/renderer/src/lib/drafts';

const noteSchema = z.object({ subject: z.string() });

/** The main process's draft methods, over a map, as the bridge would answer them. */
function fakeBridge(stored: Record<string, unknown> = {}, { signedIn = true } = {}) {
  const held = new Map(Object.entries(stored));
  const get = vi.fn(async ({ key }: { key: string }) => ({ ok: true as const, value: { value: held.get(key) ?? null } }));
  const put = vi.fn(async ({ key, value }: { key: string; value: unknown }) => {
    if (!signedIn) return { ok: false as const, error: { code: 'UNAUTHENTICATED', message: 'Your session has ended.' } };
    if (value === null) held.delete(key);
    else held.set(key, value);
    return { ok: true as const, value: null };
  });
  (window as unknown as { api: unknown }).api = { drafts: { get, put } };
  return { held, get, put };
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as { api?: unknown }).api;
});

const open = (key = 'sendMail') => renderHook(({ k }) => useDraft(k, noteSchema), { initialProps: { k: key } });

describe('useDraft', () => {
  it('reads the draft once when the screen opens and gives it back', async () => {
    const bridge = fakeBridge({ sendMail: { subject: 'May statement' } });
    const { result, rerender } = open();
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.restored).toEqual({ subject: 'May statement' });
    rerender({ k: 'sendMail' });
    expect(bridge.get).toHaveBeenCalledTimes(1);
  });

  it('treats a stored value of another shape as no draft', async () => {
    fakeBridge({ sendMail: { subject: 42 } });
    const { result } = open();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.restored).toBeNull();
  });

  it('writes once typing pauses, only the last value, and not what is already held', async () => {
    const bridge = fakeBridge({ sendMail: { subject: 'May' } });
    const { result } = open();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.save({ subject: 'May' }));
    act(() => result.current.save({ subject: 'May s' }));
    act(() => result.current.save({ subject: 'May statement' }));
    act(() => void vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS - 50));
    expect(bridge.put).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(100));
    expect(bridge.put).toHaveBeenCalledTimes(1);
    expect(bridge.held.get('sendMail')).toEqual({ subject: 'May statement' });
    act(() => result.current.save({ subject: 'May statement' }));
    act(() => void vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS * 2));
    expect(bridge.put).toHaveBeenCalledTimes(1);
  });

  it('writes what is pending at once when the screen closes', async () => {
    const bridge = fakeBridge();
    const { result, unmount } = open();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.save({ subject: 'Half typed' }));
    unmount();
    expect(bridge.put).toHaveBeenCalledWith({ key: 'sendMail', value: { subject: 'Half typed' } });
  });

  it('never overwrites the draft with what the screen held before the draft was read', async () => {
    const bridge = fakeBridge({ sendMail: { subject: 'Kept' } });
    const { result } = open();
    act(() => result.current.save({ subject: '' }));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => void vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS * 2));
    expect(bridge.put).not.toHaveBeenCalled();
    expect(bridge.held.get('sendMail')).toEqual({ subject: 'Kept' });
  });

  it('forgets the draft (sent or discarded): nothing pending is written afterwards', async () => {
    const bridge = fakeBridge({ sendMail: { subject: 'Sent already' } });
    const { result, unmount } = open();
    await waitFor(() => expect(result.current.restored).not.toBeNull());
    act(() => result.current.save({ subject: 'Sent already!' }));
    act(() => result.current.forget());
    expect(result.current.restored).toBeNull();
    unmount();
    await waitFor(() => expect(bridge.held.has('sendMail')).toBe(false));
    expect(bridge.put).toHaveBeenCalledTimes(1);
  });

  it('says nothing when the session has already ended (the page closing after an idle sign-out)', async () => {
    const bridge = fakeBridge({}, { signedIn: false });
    const { result, unmount } = open();
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.save({ subject: 'Too late' }));
    expect(() => unmount()).not.toThrow();
    await waitFor(() => expect(bridge.put).toHaveBeenCalledOnce());
  });

  it('keeps drafts apart by key (one per customer in Manage)', async () => {
    const bridge = fakeBridge({ 'manage:a': { subject: 'for a' }, 'manage:b': { subject: 'for b' } });
    const { result, rerender } = open('manage:a');
    await waitFor(() => expect(result.current.restored).toEqual({ subject: 'for a' }));
    act(() => result.current.save({ subject: 'for a, edited' }));
    rerender({ k: 'manage:b' });
    // The pending value went to its own customer, not the next one.
    expect(bridge.put).toHaveBeenCalledWith({ key: 'manage:a', value: { subject: 'for a, edited' } });
    await waitFor(() => expect(result.current.restored).toEqual({ subject: 'for b' }));
  });
});
