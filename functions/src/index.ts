// Ledgerdesk's functions (Cloud Functions 2nd gen): what `firebase deploy --only functions` deploys.
// Each export is one function; tools/functions/check.ts holds their triggers to functions/triggers.json.
export { backendHost } from './backendHost';
export { deliverMail, sweepMailOutboxEveryMinute } from './mail';
export { nightlyReconciliationHourly, reconcileNextPage } from './reconciliation';
export { journalMoneyChanges } from './journal';
export { dailySnapshotHourly } from './dailySnapshot';
export { recordsDigestHourly } from './recordsDigest';
