import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import type { Page, CustomerRow } from '../../src/shared/contract';
import type { Result } from '../../src/shared/result';
import { defaultApprovalPolicy } from '../../src/shared/domain/approvals';
import { fullRunWeekdayOf } from '../../src/shared/domain/nightlyCheck';
import { exportColumns, toCsv } from '../../src/shared/export/csv';
import { startDemoPlatform, type DemoPlatform } from '../../tools/devenv/demo-platform';
import { readMailSink } from '../../tools/devenv/mail-sink';
import { adminDb, at, freshPlatform, signedInApp, typed } from '../support/integration/moneyFixtures';
import { emulatorHosts } from '../support/integration/emulatorHosts';

const addresses = {
  BITCOIN: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
};

describe('plans, wallets, webmail and export against the emulators', () => {
  let db: Firestore;
  let closeDb: () => Promise<void>;
  let mail: DemoPlatform;
  let app: MainServices;

  beforeAll(async () => {
    ({ db, close: closeDb } = adminDb());
    await freshPlatform();
    mail = await startDemoPlatform({ projectId: emulatorHosts().projectId, mailDir: mkdtempSync(join(tmpdir(), 'ld-settings-')), handlers: false });
    app = await signedInApp({ LEDGERDESK_BACKEND_URL: mail.backendUrl });
  });
  afterAll(async () => {
    await app?.dispose();
    await mail?.close();
    await closeDb();
  });
  beforeEach(async () => {
    await db.recursiveDelete(db.collection('auditLog'));
  });

  it('updates a plan that passes validation, audited; refuses one that does not and writes nothing', async () => {
    await db.doc('investmentPlans/gold').set({ name: 'Gold', min: 5000, max: 19999, roi: 12, duration: 30 });
    await db.doc('settings/compoundingPlan').set({ amount: 500, duration: 30 });
    const call = typed(app);
    const updated = await call('plans.update', { operationId: randomUUID(), id: 'gold', name: 'Gold+', min: 5000, max: 25000, roi: 12.5, duration: 45 });
    expect(updated).toMatchObject({ ok: true, value: { message: 'Plan updated successfully.' } });
    const listed = await call('plans.list', {});
    expect(listed).toMatchObject({
      ok: true,
      value: {
        plans: [{ id: 'gold', name: 'Gold+', min: 5000, max: 25000, roi: 12.5, duration: 45 }],
        compoundingPlan: { amount: 500, duration: 30 }
      }
    });

    for (const bad of [{ min: 30000 }, { roi: -1 }, { duration: 1.5 }, { duration: 0 }, { name: ' ' }]) {
      const refused = await call('plans.update', {
        operationId: randomUUID(),
        id: 'gold',
        name: 'Gold+',
        min: 5000,
        max: 25000,
        roi: 12.5,
        duration: 45,
        ...bad
      });
      expect(refused.ok ? null : refused.error.code, JSON.stringify(bad)).toBe('VALIDATION');
    }
    const audited = (await db.collection('auditLog').get()).docs;
    expect(audited).toHaveLength(1);
    // The document names the audit entry it was written with (firestore.rules demand it).
    expect((await db.doc('investmentPlans/gold').get()).data()).toEqual({
      name: 'Gold+',
      min: 5000,
      max: 25000,
      roi: 12.5,
      duration: 45,
      lastAuditId: audited[0]!.id
    });
  });

  it('saves checked wallet addresses, overwriting the document; refuses invalid ones', async () => {
    await db.doc('settings/walletAddresses').set({ ...addresses, BITCOIN: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', OLD: 'x' });
    const call = typed(app);
    expect(await call('wallets.save', { operationId: randomUUID(), addresses })).toMatchObject({
      ok: true,
      value: { message: 'Wallet addresses updated successfully.' }
    });
    const [entry] = (await db.collection('auditLog').get()).docs;
    expect((await db.doc('settings/walletAddresses').get()).data()).toEqual({ ...addresses, lastAuditId: entry!.id });
    expect(entry?.get('before')).toEqual({ 'settings/walletAddresses.BITCOIN': '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' });

    for (const [coin, bad] of [
      ['BITCOIN', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
      ['ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['TRON', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['USDT', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
      ['LITECOIN', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4']
    ] as const) {
      const refused = await call('wallets.save', { operationId: randomUUID(), addresses: { ...addresses, [coin]: bad } });
      expect(refused.ok ? null : refused.error.message).toMatch(new RegExp(`^${coin}: `));
    }
    expect((await db.doc('settings/walletAddresses').get()).data()).toEqual({ ...addresses, lastAuditId: entry!.id });
    expect(await call('wallets.get', {})).toEqual({ ok: true, value: { addresses } });
  });

  it('reads the platform settings as their defaults until saved, then saves one field at a time, audited and once per action', async () => {
    const call = typed(app);
    await db.doc('settings/ledgerdesk').delete();
    const explorers = { BITCOIN: null, ETHEREUM: null, LITECOIN: null, TRON: null, USDT: null };
    const unsaved = { mailDelivery: 'desktop', reconciliationHour: 2, reconciliationFullRunWeekday: null, timeZone: 'UTC', approvals: defaultApprovalPolicy };
    expect(await call('platformSettings.get', {})).toEqual({ ok: true, value: { requireTxid: false, paysMaturedInvestments: false, explorers, ...unsaved } });
    const save = { operationId: randomUUID(), changes: { requireTxid: true } };
    expect(await call('platformSettings.save', save)).toMatchObject({ ok: true, value: { message: 'Platform settings saved.' } });
    expect(await call('platformSettings.save', save)).toMatchObject({ ok: true });
    const audited = (await db.collection('auditLog').get()).docs;
    expect((await db.doc('settings/ledgerdesk').get()).data()).toEqual({
      requireTxid: true,
      paysMaturedInvestments: false,
      explorers,
      ...unsaved,
      lastAuditId: audited[0]!.id
    });
    const entries = audited.map((d) => d.data());
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'settings', before: { 'settings/ledgerdesk.requireTxid': false }, after: { 'settings/ledgerdesk.requireTxid': true } })
    ]);
    expect(await call('platformSettings.save', { operationId: randomUUID(), changes: { requireTxid: true } })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'These settings already have those values.' }
    });
    expect(await call('platformSettings.get', {})).toEqual({ ok: true, value: { requireTxid: true, paysMaturedInvestments: false, explorers, ...unsaved } });

    // The platform's time zone: an IANA name the clock knows, audited like the rest; anything else is refused and nothing is written.
    expect(await call('platformSettings.save', { operationId: randomUUID(), changes: { timeZone: 'Mars/Olympus_Mons' } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: expect.stringContaining('IANA name') }
    });
    expect(await call('platformSettings.save', { operationId: randomUUID(), changes: { timeZone: 'Asia/Kolkata' } })).toMatchObject({ ok: true });
    expect((await db.doc('settings/ledgerdesk').get()).get('timeZone')).toBe('Asia/Kolkata');
    expect(await call('platformSettings.get', {})).toMatchObject({ ok: true, value: { timeZone: 'Asia/Kolkata' } });
    const zoneEntry = (await db.collection('auditLog').get()).docs.map((d) => d.data()).find((e) => e.after?.['settings/ledgerdesk.timeZone']);
    expect(zoneEntry).toMatchObject({
      summary: 'Platform settings changed: Platform time zone set to Asia/Kolkata',
      before: { 'settings/ledgerdesk.timeZone': 'UTC' }
    });

    // The weekly full check (the Reconciliation screen): a day 0-6 in the field the nightly run reads, audited; a day 7 is refused and nothing is written.
    expect(await call('platformSettings.save', { operationId: randomUUID(), changes: { reconciliationFullRunWeekday: 7 } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' }
    });
    expect(await call('platformSettings.save', { operationId: randomUUID(), changes: { reconciliationFullRunWeekday: 0 } })).toMatchObject({ ok: true });
    expect(fullRunWeekdayOf((await db.doc('settings/ledgerdesk').get()).data())).toBe(0);
    expect(await call('platformSettings.get', {})).toMatchObject({ ok: true, value: { reconciliationFullRunWeekday: 0 } });
    const dayEntry = (await db.collection('auditLog').get()).docs
      .map((d) => d.data())
      .find((e) => e.after?.['settings/ledgerdesk.reconciliationFullRunWeekday'] === 0);
    expect(dayEntry).toMatchObject({
      summary: 'Platform settings changed: Weekly full check on Sundays (UTC)',
      before: { 'settings/ledgerdesk.reconciliationFullRunWeekday': null }
    });
  });

  it('sends a webmail through the backend host to the sink, audited without the body', async () => {
    const call = typed(app);
    const empty = await call('mail.send', { operationId: randomUUID(), to: 'dana@example.com', subject: '', companyName: 'Acme', html: '<p>x</p>' });
    expect(empty).toEqual({ ok: false, error: { code: 'VALIDATION', message: 'Please fill in all fields' } });
    // One address, by the rule every path that sends holds to: a list would reach a second mailbox ("rita" on the same domain).
    const list = await call('mail.send', { operationId: randomUUID(), to: 'dana@example.com,rita', subject: 'Hi', companyName: 'Acme', html: '<p>x</p>' });
    expect(list).toEqual({ ok: false, error: { code: 'VALIDATION', message: '"dana@example.com,rita" is not an e-mail address.' } });

    const sent = await call('mail.send', {
      operationId: randomUUID(),
      to: 'dana@example.com',
      toName: 'Dana Depositor',
      subject: 'Your November statement',
      companyName: 'Acme Invest',
      html: '<h1>Hello Dana</h1><p>Secret body text</p>'
    });
    expect(sent).toEqual({ ok: true, value: { message: 'Email sent successfully!' } });
    const mails = await readMailSink(mail.mailDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['dana@example.com', 'Your November statement']]);
    expect(mails[0]?.from).toContain('Acme Invest');
    const [entry] = (await db.collection('auditLog').get()).docs;
    expect(entry?.get('summary')).toBe('E-mail "Your November statement" sent to Dana Depositor');
    expect(JSON.stringify(entry?.data())).not.toContain('Secret body text');
  });

  it('exports every page to CSV with quotes, commas, newlines and formulas escaped', async () => {
    const batch = db.batch();
    const names = ['=SUM(A1)', 'Smith, Jane\n"JJ"', '+cmd', '@mention', 'Plain Name'];
    for (let i = 0; i < 130; i++) {
      batch.set(db.doc(`users/x${String(i).padStart(3, '0')}`), {
        fullname: names[i % names.length],
        email: `x${i}@example.com`,
        balance: i === 0 ? -5 : i,
        timestamp: at(new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString())
      });
    }
    await batch.commit();
    const rows: CustomerRow[] = [];
    let cursor: string | null = null;
    do {
      const page: Result<Page<CustomerRow>> = await typed(app)('users.list', { cursor, pageSize: 50 });
      if (!page.ok) throw new Error(page.error.message);
      rows.push(...page.value.rows);
      cursor = page.value.nextCursor;
    } while (cursor);
    expect(rows).toHaveLength(130);

    const csv = toCsv(exportColumns.users, rows);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(131);
    expect(parsed[0]?.slice(0, 3)).toEqual(['Name', 'Email', 'Balance']);
    const cells = new Map(parsed.slice(1).map((r) => [r[1], r]));
    expect(cells.get('x0@example.com')?.[0]).toBe("'=SUM(A1)");
    expect(cells.get('x0@example.com')?.[2]).toBe('-5');
    expect(cells.get('x1@example.com')?.[0]).toBe('Smith, Jane\n"JJ"');
    expect(cells.get('x2@example.com')?.[0]).toBe("'+cmd");
    expect(cells.get('x3@example.com')?.[0]).toBe("'@mention");
    expect(csv).toContain('"Smith, Jane\n""JJ"""');
  });
});
