import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';

// `npm run rules:check -- <merged.rules>` (tools/rules-check.ts) against a platform's rules merged with
// Ledgerdesk's: each file here is firestore.rules plus one platform rule that opens what a platform
// must not (docs/operations/firestore-rules.md), and the check must fail naming what it opens. That
// it passes firestore.rules itself is rules.test.ts's own run. Each check starts its own emulators
// and runs every rules test, about 30 seconds.
const root = resolve(__dirname, '../..');

/** firestore.rules with a platform's match blocks added beside Ledgerdesk's, as a merged file has them. */
function mergedWith(platformRules: string): string {
  const ours = readFileSync(join(root, 'firestore.rules'), 'utf8');
  const file = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-rules-')), 'merged.rules');
  // The last two braces close the documents block and the service.
  writeFileSync(file, ours.replace(/\}\s*\}\s*$/, `${platformRules}\n  }\n}\n`));
  return file;
}

/** Runs the check as an operator would, on emulators of its own (not this file's Vitest's). */
function rulesCheck(file: string): Promise<{ status: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  return new Promise((done, failed) => {
    const child = spawn('npx', ['tsx', 'tools/rules-check.ts', file], { cwd: root, env: { ...env, CI: '', NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', failed);
    child.on('close', (status) => done({ status, output: stripVTControlCharacters(output) }));
  });
}

/** The failing tests' names as Vitest reports them (`FAIL  |integration| tests/integration/rules.test.ts > describe > test`). */
const failedTests = (output: string) => [...new Set([...output.matchAll(/FAIL .*tests\/integration\/rules\.test\.ts > (.*)/g)].map((m) => m[1]!.trim()))];

describe('npm run rules:check against a platform’s merged rules', () => {
  it('fails a file that lets a customer change or remove their own journal entries, naming each', { timeout: 300_000 }, async () => {
    const file = mergedWith(`
    match /users/{userId}/journal/{entryId} {
      allow update, delete: if request.auth != null && request.auth.uid == userId;
    }`);
    const { status, output } = await rulesCheck(file);
    expect(status, output).toBe(1);
    expect(output).toContain(`rules:check: FAILED`);
    expect(failedTests(output).sort()).toEqual([
      'firestore.rules: the journal of a customer’s money is read by the administrator and written by nobody > customer: delete on their own journal is refused',
      'firestore.rules: the journal of a customer’s money is read by the administrator and written by nobody > customer: update on their own journal is refused'
    ]);
  });

  it('fails a file that lets any signed-in account write daily snapshots and reconciliation runs, naming each', { timeout: 300_000 }, async () => {
    const file = mergedWith(`
    match /dailySnapshots/{day} {
      allow create, update: if request.auth != null;
    }
    match /reconciliationRuns/{runId} {
      allow create: if request.auth != null;
      match /drifted/{userId} {
        allow read, write: if request.auth != null;
      }
    }`);
    const { status, output } = await rulesCheck(file);
    expect(status, output).toBe(1);
    const drifted = 'firestore.rules: a drifted customer of a reconciliation run is kept with its own audit entry';
    expect(failedTests(output)).toEqual(
      expect.arrayContaining([
        "firestore.rules on dailySnapshots > 'customer': 'create' is allowed: false",
        "firestore.rules on dailySnapshots > 'customer': 'update' is allowed: false",
        "firestore.rules on reconciliationRuns > 'customer': 'create' is allowed: false",
        ...['get', 'list', 'create', 'update', 'delete'].map((operation) => `${drifted} > customer: ${operation} on a run’s drifted customers is refused`)
      ])
    );
  });

  it('fails a file that lets any member of the team update customers and deposits, naming what each role is refused', { timeout: 300_000 }, async () => {
    const file = mergedWith(`
    match /users/{id} {
      allow update: if request.auth != null && request.auth.token.get('role', null) != null;
    }
    match /deposits/{id} {
      allow update: if request.auth != null && request.auth.token.get('role', null) != null;
    }`);
    const { status, output } = await rulesCheck(file);
    expect(status, output).toBe(1);
    expect(failedTests(output)).toEqual(
      expect.arrayContaining([
        'roles > support: a verification that also moves the balance is refused',
        'roles > support: an audited adjustment of the balance is refused',
        'roles > support: an audited status change of a deposit is refused',
        'roles > viewer: an audited verification is refused'
      ])
    );
  });
});
