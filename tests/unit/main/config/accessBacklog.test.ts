import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileAccessBacklog } from '@main/config/accessBacklog';

const refused = {
  id: '6f1c1d64-2a4e-4f4b-9a55-1d2f3e4a5b6c',
  facts: { event: 'signIn' as const, email: 'someone@x.com', result: 'refused' as const, detail: 'notAdmin', occurredAt: '2026-11-27T10:00:00.000Z' }
};

describe('the access backlog in the data folder', () => {
  it('keeps unwritten access events across a restart, readable only by the user', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-backlog-'));
    fileAccessBacklog(dataDir).write([refused]);
    expect(fileAccessBacklog(dataDir).read()).toEqual([refused]);
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'access-queue.json')).mode & 0o777).toBe(0o600);
  });

  it('still reads the file under the name earlier versions wrote, so an update loses no refused sign-in', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-backlog-'));
    writeFileSync(join(dataDir, 'access-queue.json'), JSON.stringify([refused]));
    expect(fileAccessBacklog(dataDir).read()).toEqual([refused]);
  });

  it('reads a damaged file as empty', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-backlog-'));
    writeFileSync(join(dataDir, 'access-queue.json'), '{ not json');
    expect(fileAccessBacklog(dataDir).read()).toEqual([]);
  });
});
