import { describe, expect, it } from 'vitest';
import { defaultApprovalPolicy } from '@shared/domain/approvals';
import { FULL_RUN_WEEKDAY_FIELD, fullRunWeekdayOf } from '@shared/domain/nightlyCheck';
import { changePlatformSettings, defaultPlatformSettings, readPlatformSettings } from '@shared/domain/platformSettings';
import { platformSettingsSaveInputSchema, platformSettingsSchema } from '@shared/schemas/settings';

const noExplorers = { BITCOIN: null, ETHEREUM: null, USDT: null, TRON: null, LITECOIN: null };

describe('the platform settings (settings/ledgerdesk)', () => {
  it('reads every field on its own, a missing or odd value as its default', () => {
    expect(readPlatformSettings(null)).toEqual(defaultPlatformSettings);
    expect(readPlatformSettings({ requireTxid: true, paysMaturedInvestments: 'yes', explorers: { BITCOIN: 'https://x.test/{txid}', TRON: 7 } })).toEqual({
      requireTxid: true,
      paysMaturedInvestments: false,
      explorers: { ...noExplorers, BITCOIN: 'https://x.test/{txid}' },
      mailDelivery: 'desktop',
      reconciliationHour: 2,
      reconciliationFullRunWeekday: null,
      timeZone: 'UTC',
      approvals: defaultApprovalPolicy
    });
    expect(readPlatformSettings({ mailDelivery: 'server', reconciliationHour: null })).toMatchObject({ mailDelivery: 'server', reconciliationHour: null });
    expect(readPlatformSettings({ mailDelivery: 'smtp', reconciliationHour: 24 })).toMatchObject({ mailDelivery: 'desktop', reconciliationHour: 2 });
    expect(readPlatformSettings({ reconciliationHour: 3.5 })).toMatchObject({ reconciliationHour: 2 });
  });

  it('hands e-mail delivery to the server and moves the nightly run, saying so in words on the audit entry', () => {
    const saved = changePlatformSettings({ requireTxid: false }, { mailDelivery: 'server', reconciliationHour: 23 });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { mailDelivery: 'server', reconciliationHour: 23 } }]);
    expect(saved.value.audit.summary).toBe(
      'Platform settings changed: Queued e-mails are delivered by the server (Ledgerdesk’s functions); Nightly reconciliation starts at 23:00 UTC'
    );
    expect(saved.value.audit.before).toEqual({ 'settings/ledgerdesk.mailDelivery': 'desktop', 'settings/ledgerdesk.reconciliationHour': 2 });
    const off = changePlatformSettings({ reconciliationHour: 23 }, { reconciliationHour: null });
    if (!off.ok) throw new Error(off.error.message);
    expect(off.value.audit.summary).toBe('Platform settings changed: Nightly reconciliation starts at never');
  });

  it('refuses an hour that is not 0 to 23 and a deliverer that is neither, saying what is allowed', () => {
    expect(changePlatformSettings(null, { reconciliationHour: 24 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: expect.stringContaining('0 to 23') }
    });
    expect(changePlatformSettings(null, { mailDelivery: 'pigeon' as never })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('keeps the platform’s time zone by its IANA name, audited, and reads an unknown one as UTC', () => {
    const saved = changePlatformSettings({ requireTxid: false }, { timeZone: 'Europe/Berlin' });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { timeZone: 'Europe/Berlin' } }]);
    expect(saved.value.audit.summary).toBe('Platform settings changed: Platform time zone set to Europe/Berlin');
    expect(saved.value.audit.before).toEqual({ 'settings/ledgerdesk.timeZone': 'UTC' });
    expect(saved.value.audit.after).toEqual({ 'settings/ledgerdesk.timeZone': 'Europe/Berlin' });
    for (const timeZone of ['America/Argentina/Buenos_Aires', 'Pacific/Chatham', 'Etc/GMT+5']) {
      expect(readPlatformSettings({ timeZone }).timeZone).toBe(timeZone);
    }
    for (const odd of ['Mars/Olympus_Mons', 'europe/berlin', '+05:30', 'CET ', '', 7, null]) {
      expect(readPlatformSettings({ timeZone: odd }).timeZone).toBe('UTC');
    }
  });

  it.each(['Mars/Olympus_Mons', 'europe/berlin', '+05:30', 'Berlin', ''])('refuses %j as the platform’s time zone, naming what it takes', (timeZone) => {
    expect(changePlatformSettings(null, { timeZone })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: 'Choose a time zone by its IANA name, such as Europe/Berlin, America/New_York or UTC.' }
    });
  });

  it('writes only what changes, with the old and new value on the audit entry', () => {
    const saved = changePlatformSettings({ requireTxid: false, other: 1 }, { requireTxid: true, paysMaturedInvestments: false });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { requireTxid: true } }]);
    expect(saved.value.audit).toMatchObject({
      kind: 'settings',
      action: 'settings.platform',
      before: { 'settings/ledgerdesk.requireTxid': false },
      after: { 'settings/ledgerdesk.requireTxid': true }
    });
  });

  it('creates the document on the first save, with the defaults of the fields not given', () => {
    const saved = changePlatformSettings(null, { paysMaturedInvestments: true });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value.changes).toEqual([
      {
        path: 'settings/ledgerdesk',
        set: {
          requireTxid: false,
          paysMaturedInvestments: true,
          explorers: noExplorers,
          mailDelivery: 'desktop',
          reconciliationHour: 2,
          reconciliationFullRunWeekday: null,
          timeZone: 'UTC',
          approvals: defaultApprovalPolicy
        },
        replace: true
      }
    ]);
  });

  it('refuses a save that changes nothing', () => {
    expect(changePlatformSettings(null, { requireTxid: false })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(changePlatformSettings(null, { explorers: { BITCOIN: null } })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('sets one explorer by its own field, and puts it back to the default with null', () => {
    const set = changePlatformSettings({ requireTxid: false }, { explorers: { LITECOIN: ' https://blockchair.com/litecoin/transaction/{txid} ' } });
    if (!set.ok) throw new Error(set.error.message);
    expect(set.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { 'explorers.LITECOIN': 'https://blockchair.com/litecoin/transaction/{txid}' } }]);
    expect(set.value.audit.summary).toBe('Platform settings changed: LITECOIN explorer set');
    const reset = changePlatformSettings({ explorers: { LITECOIN: 'https://blockchair.com/litecoin/transaction/{txid}' } }, { explorers: { LITECOIN: null } });
    if (!reset.ok) throw new Error(reset.error.message);
    expect(reset.value.changes[0]?.set).toEqual({ 'explorers.LITECOIN': null });
  });

  it.each([
    ['http://mempool.space/tx/{txid}', 'https://'],
    ['https://mempool.space/tx/', '{txid}'],
    ['javascript:alert(1)//{txid}', 'https://'],
    ['https://user:pw@evil.test/{txid}', 'user name']
  ])('refuses the explorer %s, saying why', (template, why) => {
    const refused = changePlatformSettings(null, { explorers: { BITCOIN: template } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(refused.ok ? '' : refused.error.message).toContain(why);
  });

  describe('the weekly full check (reconciliationFullRunWeekday)', () => {
    it('is the field the nightly run reads, and absent means what the run does today: no weekly full run', () => {
      expect(FULL_RUN_WEEKDAY_FIELD).toBe('reconciliationFullRunWeekday');
      expect(defaultPlatformSettings).toHaveProperty(FULL_RUN_WEEKDAY_FIELD, null);
      expect(fullRunWeekdayOf({})).toBeNull();
      expect(readPlatformSettings(null).reconciliationFullRunWeekday).toBeNull();
      expect(readPlatformSettings({ [FULL_RUN_WEEKDAY_FIELD]: 0 }).reconciliationFullRunWeekday).toBe(0);
      expect(readPlatformSettings({ [FULL_RUN_WEEKDAY_FIELD]: 6 }).reconciliationFullRunWeekday).toBe(6);
    });

    it.each([0, 3, 6, null, undefined, 7, -1, 2.5, '1', true, Number.NaN, {}])('reads %j as the nightly run reads it', (value) => {
      expect(readPlatformSettings({ [FULL_RUN_WEEKDAY_FIELD]: value }).reconciliationFullRunWeekday).toBe(
        fullRunWeekdayOf({ [FULL_RUN_WEEKDAY_FIELD]: value })
      );
    });

    it('saves a day and turns it off, only that field, saying so in words on the audit entry', () => {
      const saved = changePlatformSettings({ reconciliationHour: 2 }, { reconciliationFullRunWeekday: 0 });
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { reconciliationFullRunWeekday: 0 } }]);
      expect(saved.value.audit.summary).toBe('Platform settings changed: Weekly full check on Sundays (UTC)');
      expect(saved.value.audit.before).toEqual({ 'settings/ledgerdesk.reconciliationFullRunWeekday': null });
      expect(saved.value.audit.after).toEqual({ 'settings/ledgerdesk.reconciliationFullRunWeekday': 0 });

      const moved = changePlatformSettings({ reconciliationFullRunWeekday: 0 }, { reconciliationFullRunWeekday: 6 });
      if (!moved.ok) throw new Error(moved.error.message);
      expect(moved.value.audit.summary).toBe('Platform settings changed: Weekly full check on Saturdays (UTC)');
      expect(moved.value.audit.before).toEqual({ 'settings/ledgerdesk.reconciliationFullRunWeekday': 0 });

      const off = changePlatformSettings({ reconciliationFullRunWeekday: 6 }, { reconciliationFullRunWeekday: null });
      if (!off.ok) throw new Error(off.error.message);
      expect(off.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { reconciliationFullRunWeekday: null } }]);
      expect(off.value.audit.summary).toBe('Platform settings changed: Weekly full check off');
    });

    it('refuses the day it already has', () => {
      expect(changePlatformSettings({ reconciliationFullRunWeekday: 2 }, { reconciliationFullRunWeekday: 2 })).toMatchObject({
        ok: false,
        error: { code: 'CONFLICT' }
      });
      expect(changePlatformSettings(null, { reconciliationFullRunWeekday: null })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    });

    it.each([7, -1, 1.5, '1' as never])('refuses %j, saying what a day is', (value) => {
      expect(changePlatformSettings(null, { reconciliationFullRunWeekday: value })).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION', message: 'The weekly full check is on one day of the week, Sunday to Saturday, or off.' }
      });
    });

    it('crosses the contract as a whole day 0 to 6 or null', () => {
      const save = (value: unknown) =>
        platformSettingsSaveInputSchema.safeParse({ changes: { reconciliationFullRunWeekday: value }, operationId: crypto.randomUUID() }).success;
      expect([0, 6, null].map(save)).toEqual([true, true, true]);
      expect([7, -1, 2.5, '3'].map(save)).toEqual([false, false, false, false]);
      expect(platformSettingsSchema.safeParse(defaultPlatformSettings).success).toBe(true);
    });
  });
});
