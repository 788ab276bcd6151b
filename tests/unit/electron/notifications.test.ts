import { describe, expect, it } from 'vitest';
import { showDesktopNotifications } from '../../../src/main/electron/notifications';
import { EventBus } from '../../../src/main/session/events';

function fakeDesktop(wanted: Record<string, boolean>) {
  const events = new EventBus();
  const created: Array<{ title: string; body: string; shown: boolean; click?: () => void }> = [];
  const opened: unknown[] = [];
  events.subscribe((event, payload) => event === 'live.openRecord' && opened.push(payload));
  let focused = 0;
  const stop = showDesktopNotifications({
    events,
    isSupported: () => true,
    create: (options) => {
      const made: (typeof created)[number] = { ...options, shown: false };
      created.push(made);
      return { on: (_event, listener) => (made.click = listener), show: () => (made.shown = true) };
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
});
