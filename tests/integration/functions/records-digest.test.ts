import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import functionsTest from 'firebase-functions-test';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedDay } from '../../../src/shared/domain/dailySnapshot';
import { digestHash, journalRootOf, readDigest, verifyDigests, type CustomerHead } from '../../../src/shared/domain/digest';
import type { KeptDigest } from '../../../src/shared/domain/recordsCheck';
import { generateSigningKey } from '../../../server/platform/recordsSigning';
import { DEMO_RECORDS_PUBLIC_KEY, seedDemoDigests } from '../../../tools/devenv/demoRecords';
import { resetEmulators } from '../../../tools/devenv/emulators';
import { publishKey } from '../../../tools/records/key';
import { exportRecords } from '../../../tools/records/export';
import { checkEd25519, verifyExport } from '../../../tools/records/verify';
import { KEY, recordsStore } from '../../support/records';
import { emulatorHosts } from '../../support/integration/emulatorHosts';

// The signed daily digest's schedule (server/platform/recordsDigest.ts, functions/src/recordsDigest.ts),
// run by firebase-functions-test against this run's Firestore emulator over chained records: the
// digest it signs links to the latest one before it, commits to the heads stored, and the offline
// check (npm run verify-records) accepts it with the records exported from the emulator.
describe('the daily digest’s schedule', () => {
  let fft: ReturnType<typeof functionsTest>;
  let functions: typeof import('../../../functions/src/index');
  let admin: App;
  let db: Firestore;
  const zone = 'Asia/Kolkata';
  const day = closedDay(zone, new Date());
  const key = generateSigningKey();
  const { documents, kept } = recordsStore();
  const heads: CustomerHead[] = kept.at(-1)!.heads;
  const deliver = () => functions.recordsDigestHourly.run({ scheduleTime: new Date().toISOString(), jobName: 'recordsDigest' } as never);

  beforeAll(async () => {
    await resetEmulators(emulatorHosts());
    process.env.METADATA_SERVER_DETECTION = 'none';
    process.env.RECORDS_SIGNING_KEY = key.privatePem;
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `records-digest-fn-${Date.now()}`);
    db = getFirestore(admin);
    await db.doc('settings/ledgerdesk').set({ timeZone: zone });
    // The chains and two earlier days' digests as the writers left them (signed with the support's key).
    const batch = db.batch();
    for (const doc of documents) batch.set(db.doc(doc.path), doc.data);
    await batch.commit();
    fft = functionsTest({ projectId: emulatorHosts().projectId });
    functions = await import('../../../functions/src/index');
  });
  afterAll(async () => {
    delete process.env.RECORDS_SIGNING_KEY;
    fft?.cleanup();
    if (admin) await deleteApp(admin);
  });

  it('publishes the public key in settings, keeping the other settings', async () => {
    expect(await publishKey(db, key.publicKey)).toBe(`Published ${key.publicKey}: the Evidence screen trusts digests signed with it.`);
    expect(await publishKey(db, key.publicKey.toUpperCase())).toContain('already the published one');
    await expect(publishKey(db, 'abc')).rejects.toThrow('is not a public key');
    expect((await db.doc('settings/ledgerdesk').get()).data()).toEqual({ timeZone: zone, records: { publicKey: key.publicKey } });
  });

  it('delivered twice, signs one digest of the platform’s last finished day, over the heads stored, linked to the day before', async () => {
    await deliver();
    const stored = await db.doc(`digests/${day}`).get();
    expect(stored.exists).toBe(true);
    const digest = readDigest(stored.data()!)!;
    expect(digest).toMatchObject({ day, customers: 3, publicKey: key.publicKey, audit: { seq: 4 } });
    expect(digest.journalRoot).toBe(journalRootOf(heads));
    expect(digest.previous).toBe(digestHash(kept.at(-1)!));
    expect(verifyDigests([...kept, digest], checkEd25519, [KEY, key.publicKey])).toEqual([]);

    await deliver();
    const again = await db.doc(`digests/${day}`).get();
    expect(again.updateTime?.isEqual(stored.updateTime!)).toBe(true);
    expect((await db.collection('digests').get()).size).toBe(kept.length + 1);
  });

  it('is accepted by npm run verify-records over an export of the emulator and the kept files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-digest-'));
    const exportFile = path.join(dir, 'export.jsonl');
    const lines: string[] = [];
    await exportRecords(db, (line) => lines.push(line));
    writeFileSync(exportFile, lines.join(''));
    const digestsDir = path.join(dir, 'kept');
    mkdirSync(digestsDir);
    const today: KeptDigest = { ...readDigest((await db.doc(`digests/${day}`).get()).data()!)!, heads };
    for (const file of [...kept, today]) writeFileSync(path.join(digestsDir, `${file.day}.json`), JSON.stringify(file));
    const report = verifyExport({ exportFile, digestsDir, keys: [KEY, key.publicKey], prove: 'cy' });
    expect(report.lines.at(-1)).toBe('Intact: nothing was changed, removed, inserted or reordered.');
    expect(report.lines).toContain(
      `cy in the digest of ${day}: leaf 2 of 3, ${JSON.stringify({ balanceCents: 10, hash: heads[2]!.hash, seq: 4, userId: 'cy' })}`
    );
    expect(report.code).toBe(0);
  });
});

describe('the demo’s digests', () => {
  it('publishes the demo key and signs the two days before the seed’s, linked and over the seeded heads, once', async () => {
    await resetEmulators(emulatorHosts());
    const admin = initializeApp({ projectId: emulatorHosts().projectId }, `records-digest-demo-${Date.now()}`);
    try {
      const db = getFirestore(admin);
      const { documents, kept } = recordsStore();
      const heads = kept.at(-1)!.heads;
      for (const doc of documents.filter((d) => d.path.startsWith('journalHeads/'))) await db.doc(doc.path).set(doc.data);
      const anchor = Date.UTC(2026, 11, 4, 3);
      expect(await seedDemoDigests(db, anchor)).toEqual(['2026-12-02', '2026-12-03']);
      expect(await seedDemoDigests(db, anchor)).toEqual([]);
      expect((await db.doc('settings/ledgerdesk').get()).get('records.publicKey')).toBe(DEMO_RECORDS_PUBLIC_KEY);
      const digests = (await db.collection('digests').get()).docs.map((doc) => readDigest(doc.data())!);
      expect(digests.map((digest) => digest.journalRoot)).toEqual([journalRootOf(heads), journalRootOf(heads)]);
      expect(verifyDigests(digests, checkEd25519, [DEMO_RECORDS_PUBLIC_KEY])).toEqual([]);
    } finally {
      await deleteApp(admin);
    }
  });
});
