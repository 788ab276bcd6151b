import { describe, expect, it, vi } from 'vitest';
import { IdleTimer, warningLeadMs } from '@main/session/idleTimer';
import { fakeClock } from '../../../support/fakes/fakeClock';

const TWO_MINUTES = 120_000;

describe('idle timer', () => {
  it('warns 15 seconds before signing out after two minutes', () => {
    const { clock, advance } = fakeClock();
    const onWarning = vi.fn();
    const onExpire = vi.fn();
    new IdleTimer({ idleMs: TWO_MINUTES, clock, onWarning, onExpire }).touch();

    advance(104_999);
    expect(onWarning).not.toHaveBeenCalled();
    advance(1);
    expect(onWarning).toHaveBeenCalledWith(TWO_MINUTES, 15_000);
    advance(14_999);
    expect(onExpire).not.toHaveBeenCalled();
    advance(1);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('starts over on activity, so a busy administrator is never signed out', () => {
    const { clock, advance } = fakeClock();
    const onExpire = vi.fn();
    const timer = new IdleTimer({ idleMs: TWO_MINUTES, clock, onWarning: () => undefined, onExpire });
    timer.touch();
    for (let i = 0; i < 10; i++) {
      advance(110_000);
      timer.touch();
    }
    expect(onExpire).not.toHaveBeenCalled();
    advance(TWO_MINUTES);
    expect(onExpire).toHaveBeenCalledOnce();
  });

  it('does nothing once stopped', () => {
    const { clock, advance, pending } = fakeClock();
    const onWarning = vi.fn();
    const onExpire = vi.fn();
    const timer = new IdleTimer({ idleMs: TWO_MINUTES, clock, onWarning, onExpire });
    timer.touch();
    timer.stop();
    advance(10 * TWO_MINUTES);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onExpire).not.toHaveBeenCalled();
    expect(pending()).toBe(0);
    expect(timer.running).toBe(false);
  });

  it('warns halfway when the timeout is shorter than 30 seconds (test settings)', () => {
    expect(warningLeadMs(4_000)).toBe(2_000);
    expect(warningLeadMs(TWO_MINUTES)).toBe(15_000);
  });
});
