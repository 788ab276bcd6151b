// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPlatformSettings, type PlatformSettings } from '@shared/domain/platformSettings';
import type { ZoneChoice } from '@shared/schemas/timeZone';
import { TimeZoneSettings } from '@renderer/app/layout/TimeZoneSettings';
import { useTimesShownIn } from '@renderer/app/layout/times-shown-in';
import { computerTimeZone, formatDateTime, setFormatPlace, zoneName } from '@renderer/lib/format';
import { showInApp, standInForLayout } from '../../../support/renderer/render';

// The sidebar's Time zone: which zone this computer shows every time in, and the platform's zone.

afterEach(() => {
  cleanup();
  setFormatPlace(null);
  delete (window as unknown as { api?: unknown }).api;
});

/** The preferences file's choice and settings/ledgerdesk, kept as the main process keeps them. */
function fakeApi(shownIn: ZoneChoice, platform: Partial<PlatformSettings>) {
  const prefs = { shownIn };
  const settings = { ...defaultPlatformSettings, ...platform };
  const answer = <T,>(value: T) => ({ ok: true as const, value });
  const timeZone = {
    get: vi.fn(async () => answer({ ...prefs })),
    set: vi.fn(async (input: { shownIn: ZoneChoice }) => answer(Object.assign(prefs, input)))
  };
  const platformSettings = {
    get: vi.fn(async () => answer({ ...settings })),
    save: vi.fn(async ({ changes }: { changes: Partial<PlatformSettings> }) =>
      answer((Object.assign(settings, changes), { message: 'Platform settings saved.' }))
    )
  };
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  const namespaces: Record<string, unknown> = { timeZone, platformSettings };
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    { get: (_t, namespace: string) => (namespace === 'on' ? () => () => undefined : (namespaces[namespace] ?? new Proxy({}, { get: () => unavailable }))) }
  );
  return { timeZone, platformSettings };
}

/** A deposit's time as a screen under the layout draws it, beside the sidebar's entry. */
function Desk() {
  const times = useTimesShownIn();
  return (
    <>
      {times.ready && <p data-testid="deposit-time">{formatDateTime('2026-11-21T14:32:05Z')}</p>}
      <TimeZoneSettings className="" />
    </>
  );
}

const shownTime = () => screen.getByTestId('deposit-time').textContent?.replace(/\s/g, ' ');

describe('the zone this computer shows times in', () => {
  it('is this computer’s own until chosen; UTC and the platform’s zone redraw every time at once, named', async () => {
    standInForLayout();
    const api = fakeApi('computer', { timeZone: 'Asia/Kolkata' });
    showInApp(<Desk />);
    await waitFor(() => expect(shownTime()).toMatch(new RegExp(`${zoneName(computerTimeZone()).replace('/', '\\/')}$`)));

    await userEvent.click(screen.getByRole('button', { name: /Time zone/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Time zone' });
    expect(dialog.textContent).toMatch(/the days of the date filters, the CSV files and the statements are in this zone/);

    await userEvent.click(screen.getByRole('radio', { name: /^UTC/ }));
    await waitFor(() => expect(shownTime()).toBe('Nov 21, 2026, 2:32 PM UTC'));
    expect(api.timeZone.set).toHaveBeenLastCalledWith({ shownIn: 'utc' });

    await userEvent.click(screen.getByRole('radio', { name: /^The platform’s zone/ }));
    await waitFor(() => expect(shownTime()).toBe('Nov 21, 2026, 8:02 PM Asia/Kolkata'));
    expect(api.timeZone.set).toHaveBeenLastCalledWith({ shownIn: 'platform' });
    expect(screen.getByRole('radio', { name: /^The platform’s zone/ }).parentElement?.textContent).toMatch(/Asia\/Kolkata \(UTC\+05:30\)/);
  });

  it('saves the platform’s zone with the platform’s settings, and a desk showing it follows', async () => {
    standInForLayout();
    const api = fakeApi('platform', { timeZone: 'Asia/Kolkata' });
    showInApp(<Desk />);
    await waitFor(() => expect(shownTime()).toBe('Nov 21, 2026, 8:02 PM Asia/Kolkata'));

    await userEvent.click(screen.getByRole('button', { name: /Time zone/ }));
    await userEvent.selectOptions(await screen.findByLabelText('Platform time zone'), 'America/New_York');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.platformSettings.save).toHaveBeenCalledWith(expect.objectContaining({ changes: { timeZone: 'America/New_York' } })));
    await waitFor(() => expect(shownTime()).toBe('Nov 21, 2026, 9:32 AM America/New_York'));
  });

  it('shows this computer’s zone, and says why, while the platform’s zone cannot be read', async () => {
    standInForLayout();
    fakeApi('platform', {});
    const failing = { ok: false, error: { code: 'UNAVAILABLE', message: 'The database cannot be reached.' } };
    const api = (window as unknown as { api: { platformSettings: { get: ReturnType<typeof vi.fn> } } }).api;
    api.platformSettings.get.mockResolvedValue(failing);
    showInApp(<Desk />);
    await waitFor(() => expect(shownTime()).toMatch(new RegExp(`${zoneName(computerTimeZone()).replace('/', '\\/')}$`)));
    await userEvent.click(screen.getByRole('button', { name: /Time zone/ }));
    expect(await screen.findByText(/The platform’s zone could not be read, so times are shown in this computer’s zone until it can/)).toBeTruthy();
  });
});
