import { describe, expect, it } from 'vitest';
import { changePlatformSettings, defaultPlatformSettings, readPlatformSettings } from '../../../src/shared/domain/platformSettings';

describe('the platform settings (settings/ledgerdesk)', () => {
  it('reads every field on its own, a missing or odd value as its default', () => {
    expect(readPlatformSettings(null)).toEqual(defaultPlatformSettings);
    expect(readPlatformSettings({ requireTxid: true, paysMaturedInvestments: 'yes' })).toEqual({ requireTxid: true, paysMaturedInvestments: false });
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
    expect(saved.value.changes).toEqual([{ path: 'settings/ledgerdesk', set: { requireTxid: false, paysMaturedInvestments: true }, replace: true }]);
  });

  it('refuses a save that changes nothing', () => {
    expect(changePlatformSettings(null, { requireTxid: false })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });
});
