import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exitWhenPrinted } from './exit-when-printed';

/**
 * `npm run rules:check -- <merged.rules>`: Ledgerdesk's rules tests (tests/integration/rules.test.ts)
 * against a platform's own rules file with Ledgerdesk's match blocks merged in, on a Firestore
 * emulator of its own, before it is deployed. Rules are OR-ed, so a platform rule that grants more
 * (a catch-all `match /{document=**}`, an "any signed-in user may write" rule, a customer's own
 * documents under users/{id}) reopens what ours close: an unaudited write, a rewritten audit entry, a
 * changed e-mail, a customer's journal entry changed or removed by that customer, a daily snapshot or
 * a reconciliation run written by anyone but the administrator, a write its role refuses granted to
 * support or a viewer (`role()`, `can()`: the roles tests). Each such hole is a failing
 * test named after the collection, caller and operation; nothing is deployed or written anywhere
 * but the emulator. Without an argument it checks Ledgerdesk's own firestore.rules.
 */
const root = resolve(__dirname, '..');
const given = process.argv[2];
const file = resolve(process.cwd(), given ?? resolve(root, 'firestore.rules'));

if (!existsSync(file)) {
  console.error(`rules:check: no rules file at ${file}. Usage: npm run rules:check -- <merged.rules>`);
  process.exit(2);
}
if (!/service\s+cloud\.firestore/.test(readFileSync(file, 'utf8'))) {
  console.error(`rules:check: ${file} has no "service cloud.firestore" block; is it a Firestore rules file?`);
  process.exit(2);
}

console.log(`rules:check: Ledgerdesk's rules tests against ${file}`);
const { status } = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/rules.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LEDGERDESK_RULES_FILE: file }
});
console.log(
  status === 0
    ? `rules:check: PASSED. ${file} keeps every write audited and to its role, and the audit trail, e-mails, archives, customers' journals, daily snapshots and reconciliation runs closed; deploy it with firebase deploy --only firestore:rules.`
    : `rules:check: FAILED. Each failing test above names a collection, a caller and an operation ${file} allows and Ledgerdesk's rules do not (or the reverse). Fix the rules file before deploying it.`
);
exitWhenPrinted(status ?? 1);
