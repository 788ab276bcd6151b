import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { watchScreenLock } from '@main/electron/lockScreen';

describe('watchScreenLock', () => {
  it.each(['lock-screen', 'suspend'])('ends the session on %s', (event) => {
    const powerMonitor = new EventEmitter();
    const onLock = vi.fn();
    watchScreenLock(powerMonitor, onLock);
    powerMonitor.emit(event);
    expect(onLock).toHaveBeenCalledTimes(1);
  });

  it.each(['unlock-screen', 'resume', 'on-ac', 'shutdown'])('ignores %s', (event) => {
    const powerMonitor = new EventEmitter();
    const onLock = vi.fn();
    watchScreenLock(powerMonitor, onLock);
    powerMonitor.emit(event);
    expect(onLock).not.toHaveBeenCalled();
  });

  it('stops watching once disposed, leaving no listener behind', () => {
    const powerMonitor = new EventEmitter();
    const onLock = vi.fn();
    const stop = watchScreenLock(powerMonitor, onLock);
    stop();
    powerMonitor.emit('lock-screen');
    powerMonitor.emit('suspend');
    expect(onLock).not.toHaveBeenCalled();
    expect(powerMonitor.listenerCount('lock-screen') + powerMonitor.listenerCount('suspend')).toBe(0);
  });
});
