// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPlatformSettings } from '@shared/domain/platformSettings';
import { NightlySetting } from '@renderer/features/reconciliation/NightlySetting';
import { platformSettingsApi } from '../../../support/renderer/platformSettingsApi';
import { showInApp } from '../../../support/renderer/render';
import { signInAs } from '../../../support/renderer/session';

// The nights on the Reconciliation screen: the hour Ledgerdesk's functions start, and the weekday
// whose night is the full check of every customer (settings/ledgerdesk.reconciliationFullRunWeekday).

afterEach(() => {
  cleanup();
  signInAs('owner');
  delete (window as unknown as { api?: unknown }).api;
});

const weekdayField = () => screen.findByLabelText('Weekly full check');

describe('the weekly full check beside the nightly hour', () => {
  it('offers the seven days and off, saves the day chosen, and says what the nights then check', async () => {
    const api = platformSettingsApi(defaultPlatformSettings);
    showInApp(<NightlySetting />);
    const weekday = await weekdayField();
    expect(weekday).toHaveProperty('value', 'none');
    expect([...(weekday as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Off',
      'Sundays',
      'Mondays',
      'Tuesdays',
      'Wednesdays',
      'Thursdays',
      'Fridays',
      'Saturdays'
    ]);
    expect(
      screen.getByText(/every night, the customers whose money changed and a rolling 30th of all customers; there is no weekly full check\./)
    ).toBeTruthy();

    await userEvent.selectOptions(weekday, 'Sundays');
    await waitFor(() => expect(api.save).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ changes: { reconciliationFullRunWeekday: 0 } })));
    expect(api.save.mock.calls[0]![0]).toHaveProperty('operationId', expect.stringMatching(/^[0-9a-f-]{36}$/));
    // Read again after the save: the screen shows what is stored now.
    await waitFor(() => expect(screen.getByLabelText('Weekly full check')).toHaveProperty('value', '0'));
    expect(screen.getByText(/a rolling 30th of all customers; on Sundays \(UTC\), every customer instead\./)).toBeTruthy();
    // The hour is its own setting: choosing the day did not touch it.
    expect(screen.getByLabelText('Nightly reconciliation starts at')).toHaveProperty('value', '2');

    await userEvent.selectOptions(screen.getByLabelText('Weekly full check'), 'Off');
    await waitFor(() => expect(api.save).toHaveBeenLastCalledWith(expect.objectContaining({ changes: { reconciliationFullRunWeekday: null } })));
    await waitFor(() => expect(screen.getByText(/there is no weekly full check\./)).toBeTruthy());
  });

  it('is reached with the keyboard after the hour, each select named by its own label', async () => {
    platformSettingsApi({ ...defaultPlatformSettings, reconciliationFullRunWeekday: 6 });
    showInApp(<NightlySetting />);
    const weekday = await weekdayField();
    expect(weekday).toHaveProperty('value', '6');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Nightly reconciliation starts at' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Weekly full check' }));
  });

  it('says there is no nightly run when the hour is none, and that the day waits for one', async () => {
    platformSettingsApi({ ...defaultPlatformSettings, reconciliationHour: null, reconciliationFullRunWeekday: 3 });
    showInApp(<NightlySetting />);
    expect(await weekdayField()).toHaveProperty('value', '3');
    expect(
      screen.getByText(
        'There is no nightly run, so nothing is checked at night, and the weekly full check waits for an hour. Start a run checks every customer when you ask.'
      )
    ).toBeTruthy();
  });

  it.each(['admin', 'support', 'viewer'] as const)('is shown but locked for %s, as the hour is, saying why', async (role) => {
    signInAs(role);
    const api = platformSettingsApi({ ...defaultPlatformSettings, reconciliationFullRunWeekday: 1 });
    showInApp(<NightlySetting />);
    const weekday = await weekdayField();
    const hour = screen.getByLabelText('Nightly reconciliation starts at');
    expect(weekday).toHaveProperty('value', '1');
    for (const field of [hour, weekday]) {
      expect(field).toHaveProperty('disabled', true);
      expect(field.getAttribute('title')).toMatch(/^Your role \(.+\) may not .+\. Ask an owner of this Ledgerdesk team\.$/);
    }
    expect(weekday.getAttribute('title')).toBe(hour.getAttribute('title'));
    expect(api.save).not.toHaveBeenCalled();
  });
});
