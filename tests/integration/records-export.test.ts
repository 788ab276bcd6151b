import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRecords } from '../../tools/records/export';
import { verifyExport } from '../../tools/records/verify';
import { recordsStore } from '../support/records';
import { adminDb, freshPlatform } from '../support/integration/moneyFixtures';

// npm run export-records on the emulators, checked by npm run verify-records with no Firebase access:
// what the writers chained verifies clean, and an entry changed through firebase-admin (what anyone
// with console access can do) is named.
describe('exporting the records for an auditor', () => {
  let admin: ReturnType<typeof adminDb>;
  beforeAll(async () => {
    admin = adminDb();
    await freshPlatform();
    const { documents } = recordsStore();
    const batch = admin.db.batch();
    for (const doc of documents) {
      // Times are stored as Timestamps; the export gives them back as the milliseconds they were hashed as.
      const data = /\/journal\//.test(doc.path) ? { ...doc.data, at: Timestamp.fromMillis(Number(doc.data.at)) } : doc.data;
      batch.set(admin.db.doc(doc.path), data);
    }
    // An audit entry written before the chain began is exported but not part of it.
    batch.set(admin.db.doc('auditLog/before-chaining'), { action: 'user.adjust', at: Timestamp.now() });
    await batch.commit();
  });
  afterAll(() => admin.close());

  const exportTo = async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-export-'));
    const lines: string[] = [];
    const count = await exportRecords(admin.db, (line) => lines.push(line));
    const exportFile = path.join(dir, 'records.jsonl');
    writeFileSync(exportFile, lines.join(''));
    const digestsDir = path.join(dir, 'kept');
    mkdirSync(digestsDir);
    for (const day of recordsStore().kept) writeFileSync(path.join(digestsDir, `${day.day}.json`), JSON.stringify(day));
    return { count, exportFile, digestsDir };
  };

  it('exports every chained document, and the export verifies intact against the kept digests', async () => {
    const { count, exportFile, digestsDir } = await exportTo();
    expect(count).toBe(recordsStore().documents.length + 1);
    const { lines, code } = verifyExport({ exportFile, digestsDir });
    expect(lines.at(-1)).toBe('Intact: nothing was changed, removed, inserted or reordered.');
    expect(code).toBe(0);
  });

  it('names a journal entry whose amount was changed through the console', async () => {
    await admin.db.doc('users/bob/journal/e0').update({ deltaCents: 1_000_000 });
    const { exportFile, digestsDir } = await exportTo();
    const { lines, code } = verifyExport({ exportFile, digestsDir });
    expect(code).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^BROKEN users\/bob\/journal\/e0: Its hash is/));
  });
});
