import { describe, expect, it } from 'vitest';
import { KEPT_NOTIFICATIONS, showDesktopNotifications } from '@main/electron/notifications';
import { EventBus } from '@main/session/events';

function fakeDesktop(wanted: Record<string, boolean>) {
  const events = new EventBus();
  const created: Array<{ title: string; body: string; shown: boolean; closedByApp: boolean; click?: () => void; closed?: () => void }> = [];
  const opened: unknown[] = [];
  events.subscribe((event, payload) => event === 'live.openRecord' && opened.push(payload));
  let focused = 0;
  const stop = showDesktopNotifications({
    events,
    isSupported: () => true,
    create: (options) => {
      const made: (typeof created)[number] = { ...options, shown: false, closedByApp: false };
      created.push(made);
      return {
        on: (event, listener) => (event === 'click' ? (made.click = listener) : (made.closed = listener)),
        show: () => (made.shown = true),
        close: () => (made.closedByApp = true)
      };
    },
    wanted: async (kind) => wanted[kind] === true,
    focusWindow: () => focused++
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { events, created, opened, focused: () => focused, stop, settle };
}

describe('desktop notifications (Electron)', () => {
  it('shows one per new pending withdrawal, and a click opens that record in its queue', async () => {
    const desk = fakeDesktop({ withdrawal: true, deposit: true });
    desk.events.emit('live.newPending', { kind: 'withdrawal', id: 'wd1', email: 'wes@example.com', amount: 25 });
    await desk.settle();
    expect(desk.created).toEqual([expect.objectContaining({ title: 'New pending withdrawal', body: 'wes@example.com · $25.00', shown: true })]);
    desk.created[0]!.click!();
    expect(desk.focused()).toBe(1);
    expect(desk.opened).toEqual([{ kind: 'withdrawal', id: 'wd1' }]);
  });

  it('stays quiet for a kind the administrator turned off, and once stopped', async () => {
    const desk = fakeDesktop({ withdrawal: true, deposit: false });
    desk.events.emit('live.newPending', { kind: 'deposit', id: 'd1', email: null, amount: null });
    await desk.settle();
    expect(desk.created).toEqual([]);
    desk.stop();
    desk.events.emit('live.newPending', { kind: 'withdrawal', id: 'wd2', email: null, amount: 5 });
    await desk.settle();
    expect(desk.created).toEqual([]);
  });

  it('keeps at most the last 20 until clicked, closing the oldest, and lets go of one the administrator closed', async () => {
    const desk = fakeDesktop({ withdrawal: true });
    const arrive = async (n: number) => {
      desk.events.emit('live.newPending', { kind: 'withdrawal', id: `wd${n}`, email: null, amount: n });
      await desk.settle();
    };
    for (let n = 1; n <= KEPT_NOTIFICATIONS; n++) await arrive(n);
    expect(desk.created.filter((c) => c.closedByApp)).toEqual([]);
    await arrive(21);
    // The 21st pushes the oldest out.
    expect(desk.created.filter((c) => c.closedByApp).map((c) => c.body)).toEqual(['A customer · $1.00']);
    // The administrator closes one and clicks another: neither is held any longer, so the next two
    // arrivals fit without closing anything else.
    desk.created[4]!.closed!();
    desk.created[5]!.click!();
    await arrive(22);
    await arrive(23);
    expect(desk.created.filter((c) => c.closedByApp).map((c) => c.body)).toEqual(['A customer · $1.00']);
    await arrive(24);
    expect(desk.created.filter((c) => c.closedByApp).map((c) => c.body)).toEqual(['A customer · $1.00', 'A customer · $2.00']);
  });
});
