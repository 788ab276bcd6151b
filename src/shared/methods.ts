/**
 * The names of every method and event, without their schemas. The preload runs sandboxed and may
 * not load npm packages, so it builds window.api from this list alone; contract.ts checks at
 * compile time that the two never drift apart.
 */
export const methodNames = [
  'app.info',
  'app.updateStatus',
  'app.restartToUpdate',
  'log.rendererError',
  'session.get',
  'session.signIn',
  'session.signInCode',
  'session.reauthenticate',
  'session.reauthenticateCode',
  'session.signOut',
  'session.activity',
  'dashboard.summary',
  'dashboard.daily',
  'dashboard.figure',
  'dashboard.lastFigures',
  'plans.list',
  'plans.update',
  'wallets.get',
  'wallets.save',
  'platformSettings.get',
  'platformSettings.save',
  'riskRules.get',
  'riskRules.save',
  'mail.send',
  'files.saveCsv',
  'files.savePdf',
  'deposits.list',
  'deposits.counts',
  'deposits.setStatus',
  'deposits.preview',
  'deposits.risk',
  'withdrawals.list',
  'withdrawals.counts',
  'withdrawals.setStatus',
  'withdrawals.preview',
  'withdrawals.risk',
  'investments.list',
  'investments.counts',
  'investments.setStatus',
  'investments.preview',
  'investments.due',
  'investments.payoutPreview',
  'investments.payout',
  'compoundInvestments.list',
  'compoundInvestments.counts',
  'compoundInvestments.setStatus',
  'compoundInvestments.preview',
  'users.card',
  'users.list',
  'users.count',
  'users.verificationCounts',
  'users.profile',
  'users.search',
  'users.passwordNotice',
  'users.adjust',
  'users.setVerified',
  'users.kyc',
  'users.decideKyc',
  'users.delete',
  'users.reconcile',
  'archivedUsers.list',
  'archivedUsers.get',
  'archivedUsers.kyc',
  'reconciliation.start',
  'reconciliation.resume',
  'reconciliation.stop',
  'reconciliation.run',
  'reconciliation.runs',
  'reconciliation.drifted',
  'users.addNote',
  'users.notes',
  'users.latestNote',
  'users.journal',
  'users.statement',
  'users.suspend',
  'users.unsuspend',
  'users.suspendedAmong',
  'referrals.list',
  'records.find',
  'audit.list',
  'mail.outbox',
  'mail.counts',
  'mail.retry',
  'live.watchList',
  'live.unwatch',
  'live.pendingCounts',
  'notifications.get',
  'notifications.set',
  'drafts.get',
  'drafts.put',
  'pageSizes.get',
  'pageSizes.set',
  'views.list',
  'views.save',
  'views.rename',
  'views.delete'
] as const;

export const eventNames = [
  'session.changed',
  'session.idleWarning',
  'app.updateReady',
  'app.updateError',
  'mail.changed',
  'live.list',
  'live.pendingCounts',
  'live.newPending',
  'live.connection',
  'live.openRecord'
] as const;

export type MethodName = (typeof methodNames)[number];
export type EventName = (typeof eventNames)[number];

/** Splits 'session.signIn' into ['session', 'signIn'] for building the nested window.api. */
export const splitMethod = (method: MethodName): [string, string] => {
  const dot = method.indexOf('.');
  return [method.slice(0, dot), method.slice(dot + 1)];
};

/** The Electron IPC channels: one for calls, one for events; the preload and main both read them here. */
export const RPC_CHANNEL = 'ledgerdesk:rpc';
export const EVENT_CHANNEL = 'ledgerdesk:event';
