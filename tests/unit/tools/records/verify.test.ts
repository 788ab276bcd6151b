import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyExport } from '../../../../tools/records/verify';
import { recordsStore } from '../../../support/records';

/** An export and the kept digest files written where an auditor would have them. */
function files(tamper?: (documents: ReturnType<typeof recordsStore>['documents']) => void) {
  const { documents, kept } = recordsStore();
  tamper?.(documents);
  const dir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-records-'));
  const exportFile = path.join(dir, 'export.jsonl');
  writeFileSync(exportFile, documents.map((doc) => JSON.stringify(doc)).join('\n'));
  const digestsDir = path.join(dir, 'kept');
  mkdirSync(digestsDir);
  for (const day of kept) writeFileSync(path.join(digestsDir, `${day.day}.json`), JSON.stringify(day));
  return { exportFile, digestsDir };
}

describe('npm run verify-records', () => {
  it('says an untouched export is intact and proves one customer in the latest kept digest', () => {
    const { lines, code } = verifyExport({ ...files(), prove: 'bob' });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^Checked \d+ entries, heads and digests against 2 kept digest files\.$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Included: the path leads to the signed root [0-9a-f]{64}\.$/));
    expect(lines.at(-1)).toBe('Intact: nothing was changed, removed, inserted or reordered.');
  });

  it('prints the first broken link of a changed amount and exits 1, and 2 when it cannot read the export', () => {
    const { exportFile, digestsDir } = files((documents) => {
      const entry = documents.find((doc) => doc.path === 'users/ann/journal/e1')!;
      entry.data = { ...entry.data, deltaCents: -20_000 };
    });
    const run = (args: string[]) => {
      try {
        return { out: execFileSync('npx', ['tsx', 'tools/records/verify.ts', ...args], { encoding: 'utf8' }), status: 0 };
      } catch (error) {
        const failed = error as { stdout: string; stderr: string; status: number };
        return { out: failed.stdout + failed.stderr, status: failed.status };
      }
    };
    const broken = run([exportFile, '--digests', digestsDir]);
    expect(broken.status).toBe(1);
    expect(broken.out).toMatch(/BROKEN users\/ann\/journal\/e1: Its hash is [0-9a-f]{12}…, but the entry as stored hashes to/);
    writeFileSync(exportFile, 'not json\n');
    const unreadable = run([exportFile]);
    expect(unreadable.status).toBe(2);
    expect(unreadable.out).toMatch(/line 1: not a record of the export/);
  }, 60_000);
});
