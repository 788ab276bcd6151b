import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../tools/devenv/demo-accounts';
import { REAUTH_REQUIRED_MESSAGE } from '../../src/shared/domain/access';
import { typed, usePlatform } from '../support/integration/moneyFixtures';

/**
 * Monitoring across requests on the emulators: the risk rules (settings/riskRules, audited), the
 * 24-hour and 30-day caps summed by aggregation, blocked addresses that refuse an approval unless
 * it carries an override reason, and the password asked again above the step-up amount.
 */
describe('risk rules, caps, blocked addresses and step-up on approval', () => {
  const platform = usePlatform({ per: 'file', env: { LEDGERDESK_REAUTH_WINDOW_MS: '5000' } });
  const now = Date.now();
  const hoursAgo = (hours: number) => Timestamp.fromMillis(now - hours * 3_600_000);
  const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
  const call = () => typed(platform.app);
  const confirm = async () => expect(await call()('session.reauthenticate', { password: DEMO_ADMIN.password })).toMatchObject({ ok: true });

  beforeAll(async () => {
    const { db } = platform;
    await db.doc('users/wes').set({ fullname: 'Wes Withdrawer', email: 'wes@example.com', balance: 0, Totalwithdrawal: 0, withdrawalLimit: 500 });
    const withdrawal = (id: string, amount: number, status: string, hours: number, address = ADDRESS) =>
      db
        .doc(`withdrawals/${id}`)
        .set({ userId: 'wes', email: 'wes@example.com', amount, cryptoType: 'ETHEREUM', walletAddress: address, status, createdAt: hoursAgo(hours) });
    await Promise.all([
      withdrawal('w-now', 150, 'pending', 0.1),
      withdrawal('w-pending', 200, 'pending', 1),
      withdrawal('w-approved', 250, 'approved', 5),
      withdrawal('w-rejected', 300, 'rejected', 2),
      withdrawal('w-older', 1500, 'approved', 24 * 10),
      withdrawal('w-small', 50, 'pending', 0.2, '0x8617E340B3D01FA5F11F306F4090FD50E238070D')
    ]);
  });

  it('warns when the pending and approved withdrawals of 24 hours or 30 days, this one included, pass the caps', async () => {
    const risk = await call()('withdrawals.risk', { id: 'w-now' });
    if (!risk.ok) throw new Error(risk.error.message);
    // 150 + 200 + 250 + 50 (the rejected 300 is read but does not count); then + 1,500 ten days ago.
    expect(risk.value.windows).toEqual({
      h24: { total: 650, cap: 500, read: 5, complete: true, unreadable: { count: 0, amounts: [] } },
      d30: { total: 2150, cap: 2000, read: 6, complete: true, unreadable: { count: 0, amounts: [] } }
    });
    expect(risk.value.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining(['Withdrawals in 24 h: $650.00, above the $500.00 limit.', 'Withdrawals in 30 days: $2,150.00, above the $2,000.00 limit.'])
    );
    // The panel stays bounded: the customer's withdrawals of 30 days (6 here) besides its fixed reads.
    expect(risk.value.documentsRead).toBeLessThanOrEqual(25);
  });

  it('counts amounts stored as text as an approval would pay them, says how many withdrawals it read, and warns on an amount it cannot read', async () => {
    const { db } = platform;
    const OTHER = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';
    const customer = (id: string) => db.doc(`users/${id}`).set({ fullname: `Customer ${id}`, email: `${id}@example.com`, balance: 0, withdrawalLimit: 500 });
    const withdrawal = (id: string, userId: string, amount: unknown, hours: number) =>
      db
        .doc(`withdrawals/${id}`)
        .set({ userId, email: `${userId}@example.com`, amount, cryptoType: 'ETHEREUM', walletAddress: OTHER, status: 'pending', createdAt: hoursAgo(hours) });
    await Promise.all([customer('tex'), customer('nan')]);
    await Promise.all([
      withdrawal('tex-1', 'tex', '600.00', 3),
      withdrawal('tex-2', 'tex', '600.00', 2),
      withdrawal('tex-3', 'tex', '600.00', 1),
      withdrawal('nan-1', 'nan', Number.NaN, 2),
      withdrawal('nan-2', 'nan', 100, 1)
    ]);

    const text = await call()('withdrawals.risk', { id: 'tex-3' });
    if (!text.ok) throw new Error(text.error.message);
    // Firestore's sum() skipped all three: $0.00 and no warning.
    expect(text.value.windows.h24).toEqual({ total: 1800, cap: 500, read: 3, complete: true, unreadable: { count: 0, amounts: [] } });
    expect(text.value.warnings.map((w) => w.message)).toContain('Withdrawals in 24 h: $1,800.00, above the $500.00 limit.');

    const nan = await call()('withdrawals.risk', { id: 'nan-2' });
    if (!nan.ok) throw new Error(nan.error.message);
    // sum() answered NaN, and a NaN total is above no cap: the check was off.
    expect(nan.value.windows.h24).toEqual({ total: 100, cap: 500, read: 2, complete: true, unreadable: { count: 1, amounts: ['NaN'] } });
    expect(nan.value.warnings).toContainEqual({
      code: 'capUnreadable',
      message: '1 withdrawal in the last 24 h has an amount that cannot be read (NaN): the cap may be exceeded.'
    });

    // The decision takes the same warnings onto its audit entry.
    const operationId = randomUUID();
    expect(await call()('withdrawals.setStatus', { id: 'tex-3', status: 'rejected', reason: 'over the cap', operationId })).toMatchObject({ ok: true });
    expect((await db.doc(`auditLog/${operationId}`).get()).get('warnings')).toContain('Withdrawals in 24 h: $1,800.00, above the $500.00 limit.');
  });

  it('saves the risk rules audited and once per action; a blocked address (any letter case) needs an override reason to approve', async () => {
    await confirm();
    const operationId = randomUUID();
    const rules = { cap24h: 1000, cap30d: null, blockedAddresses: [{ address: ADDRESS.toLowerCase(), reason: 'Mixer service' }], stepUpAbove: 100 };
    expect(await call()('riskRules.save', { rules, operationId })).toMatchObject({ ok: true, value: { message: 'Risk rules saved.' } });
    expect(await call()('riskRules.save', { rules, operationId })).toMatchObject({ ok: true });
    expect(await call()('riskRules.get', {})).toEqual({ ok: true, value: rules });
    expect((await platform.db.doc(`auditLog/${operationId}`).get()).data()).toMatchObject({
      action: 'settings.riskRules',
      summary: expect.stringContaining(`blocked ${ADDRESS.toLowerCase()}`)
    });
    await confirm();
    expect(
      await call()('riskRules.save', {
        rules: { ...rules, blockedAddresses: [...rules.blockedAddresses, { address: ADDRESS, reason: 'again' }] },
        operationId: randomUUID()
      })
    ).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });

    const risk = await call()('withdrawals.risk', { id: 'w-now' });
    expect(risk.ok && risk.value.blockedAddress).toEqual({ address: ADDRESS.toLowerCase(), reason: 'Mixer service' });
    expect(risk.ok && risk.value.windows.h24).toMatchObject({ total: 650, cap: 1000 });
    const preview = await call()('withdrawals.preview', { id: 'w-now', status: 'approved' });
    expect(preview.ok && preview.value).toMatchObject({ allowed: false, overrides: [`The address ${ADDRESS.toLowerCase()} is blocked: Mixer service.`] });
    expect(await call()('withdrawals.setStatus', { id: 'w-now', status: 'approved', operationId: randomUUID() })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' }
    });
    // Rejecting is never blocked.
    expect((await call()('withdrawals.preview', { id: 'w-now', status: 'rejected' })).ok).toBe(true);
  });

  it('asks for the password again to approve above the step-up amount, on the amount the transaction reads', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5200));
    // Below the step-up amount no password is asked, however long ago it was typed.
    expect(await call()('withdrawals.setStatus', { id: 'w-small', status: 'approved', operationId: randomUUID() })).toMatchObject({ ok: true });
    const overrideReason = 'Checked with compliance: address is the customer’s exchange.';
    const preview = await call()('withdrawals.preview', { id: 'w-now', status: 'approved', overrideReason });
    if (!preview.ok) throw new Error(preview.error.message);
    const operationId = randomUUID();
    const asked = { id: 'w-now', status: 'approved' as const, operationId, version: preview.value.version, overrideReason };
    expect(await call()('withdrawals.setStatus', asked)).toEqual({ ok: false, error: { code: 'STEP_UP_REQUIRED', message: REAUTH_REQUIRED_MESSAGE } });
    expect((await platform.db.doc('withdrawals/w-now').get()).get('status')).toBe('pending');

    await confirm();
    expect(await call()('withdrawals.setStatus', asked)).toMatchObject({ ok: true, value: { status: 'approved' } });
    expect((await platform.db.doc(`auditLog/${operationId}`).get()).get('overrideReason')).toBe(overrideReason);
  });
});
