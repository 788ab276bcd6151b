import { vi } from 'vitest';
import type { PlatformSettings } from '@shared/domain/platformSettings';

/**
 * window.api with platformSettings kept in memory: a save changes what the next read answers; every
 * other method answers UNAVAILABLE. Returns the save, to see what a control sent.
 */
export function platformSettingsApi(stored: PlatformSettings) {
  const settings = { ...stored };
  const get = vi.fn(async () => ({ ok: true as const, value: { ...settings } }));
  const save = vi.fn(async ({ changes }: { changes: Partial<PlatformSettings> }) => {
    Object.assign(settings, changes);
    return { ok: true as const, value: { message: 'Platform settings saved.' } };
  });
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_t, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'platformSettings' ? { get, save } : new Proxy({}, { get: () => unavailable })
    }
  );
  return { save };
}
