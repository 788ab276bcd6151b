import { describe, expect, it, vi } from 'vitest';
import { keepCrashDumpsLocally } from '@main/electron/crashDumps';

describe('crash dumps', () => {
  it('are kept on this computer and never uploaded anywhere', () => {
    const crashReporter = { start: vi.fn() };
    keepCrashDumpsLocally(crashReporter);
    expect(crashReporter.start).toHaveBeenCalledExactlyOnceWith({ uploadToServer: false });
    const [options] = crashReporter.start.mock.calls[0] as [Record<string, unknown>];
    expect(options).not.toHaveProperty('submitURL');
  });
});
