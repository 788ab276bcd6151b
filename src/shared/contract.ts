import { z } from 'zod';
import type { EventName, MethodName } from './methods';
import type { Result } from './result';
import {
  auditRowSchema,
  auditListInputSchema,
  compoundInvestmentRowSchema,
  depositRowSchema,
  investmentRowSchema,
  mailEntrySchema,
  mailOutboxInputSchema,
  mailOutboxCountsSchema,
  pageOf,
  payoutInputSchema,
  payoutPreviewInputSchema,
  statusOutcomeSchema,
  statusChangeInputSchema,
  statusPreviewInputSchema,
  statusPreviewSchema,
  withdrawalRowSchema,
  withTxid
} from './schemas/money';
import {
  addNoteInputSchema,
  adjustInputSchema,
  latestNoteSchema,
  noteSchema,
  notesInputSchema,
  suspendedAmongInputSchema,
  suspendedAmongSchema,
  suspendInputSchema,
  customerCardSchema,
  changeResultSchema,
  deleteInputSchema,
  deleteResultSchema,
  kycDecisionInputSchema,
  kycSchema,
  passwordNoticeSchema,
  referralRowSchema,
  referralsListInputSchema,
  customerProfileSchema,
  customerRowSchema,
  customerSearchInputSchema,
  customerSearchResultSchema,
  verifyInputSchema
} from './schemas/users';
import { trendInputSchema, trendSchema } from './schemas/trend';
import {
  dailyInputSchema,
  dailyTotalsSchema,
  planUpdateInputSchema,
  plansSchema,
  saveCsvInputSchema,
  saveCsvResultSchema,
  sendMailInputSchema,
  platformSettingsSaveInputSchema,
  platformSettingsSchema,
  riskRulesSaveInputSchema,
  riskRulesSchema,
  walletAddressesSchema,
  walletSaveInputSchema
} from './schemas/settings';
import { id, operationId } from './schemas/common';
import {
  moneyCountsInputSchema,
  moneyListInputSchema,
  pageInputSchema,
  statusCountsSchema,
  verificationCountsSchema,
  usersListInputSchema
} from './schemas/lists';
import { findInputSchema, findResultSchema } from './schemas/records';
import { digestFileInputSchema, digestFileSchema, digestListSchema, verifyRecordsInputSchema, verifyRecordsResultSchema } from './schemas/evidence';
import { rendererErrorSchema } from './schemas/log';
import { journalEntrySchema, journalInputSchema, savePdfInputSchema, statementInputSchema, statementSchema } from './schemas/journal';
import {
  deletedCustomerRowSchema,
  driftedCustomerSchema,
  driftedInputSchema,
  reconcileResultSchema,
  runSchema,
  runsInputSchema
} from './schemas/reconciliation';
import {
  approvalCancelInputSchema,
  approvalDecideInputSchema,
  approvalOutcomeSchema,
  approvalsListInputSchema,
  approvalsListSchema
} from './schemas/approvals';
import { teamChangeSchema, teamDisableInputSchema, teamInviteInputSchema, teamListSchema, teamSetRoleInputSchema } from './schemas/team';
import { columnLayoutsSchema, setColumnLayoutInputSchema } from './schemas/columns';
import { deleteViewInputSchema, pageSizesSchema, renameViewInputSchema, savedViewSchema, saveViewInputSchema, setPageSizeInputSchema } from './schemas/views';
import { setShownZoneInputSchema, shownZoneSchema } from './schemas/timeZone';
import { depositRiskSchema, withdrawalRiskSchema } from './schemas/risk';
import { setThemeInputSchema, themeSchema } from './schemas/appearance';
import {
  connectionSchema,
  draftKeySchema,
  draftPutInputSchema,
  draftValueSchema,
  liveListEventSchema,
  newPendingSchema,
  notificationPrefsSchema,
  pendingCountsSchema,
  watchIdSchema,
  watchListInputSchema
} from './schemas/live';
import { compoundInvestmentStatuses, depositStatuses, investmentStatuses, withdrawalStatuses } from './domain/statuses';
import { dashboardFigureNames } from './dashboardFigures';
import { roles, type Capability, type Role } from './domain/roles';

/**
 * THE typed API between the screens and the main process. Each method is declared once here;
 * the Electron IPC transport, the browser-mode HTTP transport, the preload and the renderer's
 * types are all derived from it. Inputs are validated against these schemas at run time.
 */

const noInput = z.object({}).strict();
const byId = z.object({ id }).strict();

/** Who made a change: audit entries, journal entries and decisions name the administrator by both. */
export const administratorSchema = z.object({
  uid: z.string(),
  email: z.string()
});
export type Administrator = z.output<typeof administratorSchema>;

/** The administrator signed in on this computer, with what their role lets them do (the screens offer only that). */
export const signedInAdministratorSchema = administratorSchema.extend({ role: z.enum(roles) });
export type SignedInAdministrator = z.output<typeof signedInAdministratorSchema>;

export const signOutReasonSchema = z.enum(['signedOut', 'idle', 'screenLocked', 'notAdmin']);
export type SignOutReason = z.output<typeof signOutReasonSchema>;

export const sessionStateSchema = z.object({
  user: signedInAdministratorSchema.nullable(),
  /** Why the last session ended, so the sign-in page can say so. */
  endedBecause: signOutReasonSchema.nullable(),
  idleTimeoutMs: z.number().int().positive(),
  rememberedEmail: z.string().nullable()
});
export type SessionState = z.output<typeof sessionStateSchema>;

export const appInfoSchema = z.object({
  name: z.literal('Ledgerdesk'),
  version: z.string(),
  mode: z.enum(['demo', 'production', 'unconfigured']),
  transport: z.enum(['electron', 'browser']),
  projectId: z.string().nullable(),
  /** The configured platform name, which e-mails sign with (webmail starts with it); null when not connected. */
  platformName: z.string().nullable(),
  /** Where the production configuration file is read from on this computer. */
  configFile: z.string(),
  /** What is wrong with the configuration found, when Ledgerdesk could not use it. */
  configProblem: z.string().nullable()
});
export type AppInfo = z.output<typeof appInfoSchema>;

/** Only an installed desktop app updates itself; browser mode and development say 'inactive'. */
export const updateStatusSchema = z.object({
  state: z.enum(['inactive', 'idle', 'checking', 'downloading', 'ready', 'error']),
  /** The downloaded (or downloading) version; null until one is found. */
  version: z.string().nullable(),
  /** Readable reason when state is 'error'. */
  message: z.string().nullable()
});
export type UpdateStatus = z.output<typeof updateStatusSchema>;

/** The account's second factor asks for its code: sign-in (or a password confirmation) goes on with session.signInCode (or reauthenticateCode). */
export const codeRequiredSchema = z.object({ codeRequired: z.object({ factor: z.string() }) });
export type CodeRequired = z.output<typeof codeRequiredSchema>;
/** The six digits of the authenticator app. */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

export const signInInputSchema = z.object({
  // Emptiness is a business message ("Email or password is empty"), checked by the session
  // service, so the schema accepts empty strings and only guards types and sizes.
  email: z.string().max(320),
  password: z.string().max(4096),
  rememberMe: z.boolean()
});

const statusCount = z.number().int().nonnegative();

export const dashboardSummarySchema = z.object({
  withdrawals: z.object({
    total: statusCount,
    approved: statusCount,
    pending: statusCount,
    rejected: statusCount,
    approvedAmount: z.number(),
    /** Approved withdrawals whose amount is not a number, so the sum leaves them out. */
    leftOut: statusCount,
    /** Approved withdrawals whose amount is NaN or infinite, left out too so the sum stays finite. */
    notFinite: statusCount
  }),
  deposits: z.object({
    total: statusCount,
    success: statusCount,
    pending: statusCount,
    failed: statusCount,
    successAmount: z.number(),
    /** Successful deposits whose amount is not a number, so the sum leaves them out. */
    leftOut: statusCount,
    /** Successful deposits whose amount is NaN or infinite, left out too so the sum stays finite. */
    notFinite: statusCount
  }),
  asOf: z.string()
});
export type DashboardSummary = z.output<typeof dashboardSummarySchema>;

export const dashboardFigureSchema = z.object({
  figure: z.enum(dashboardFigureNames),
  /** A count, or for the two amounts the sum of the numeric amounts. */
  value: z.number(),
  /** Amounts only (null for counts): settled records whose amount is not a number, left out of the sum. */
  leftOut: statusCount.nullable(),
  /** Amounts only (null for counts): settled records whose amount is NaN or infinite, left out so the sum stays finite. */
  notFinite: statusCount.nullable(),
  /** When Firestore answered. */
  asOf: z.string(),
  /** When what it describes happened, when that is not now: the last reconciliation run's end (null: never run). */
  at: z.string().nullable().optional(),
  /** Customer balances only: the customers whose balance is below zero, left out of the figure, and what they owe the platform (a positive amount). */
  owing: z.object({ customers: statusCount, amount: z.number() }).optional(),
  /** Pending withdrawals only: those with no status (or one Ledgerdesk does not recognise), counted in the figure since nothing decided them. */
  noStatus: z.object({ count: statusCount, amount: z.number() }).optional()
});
export type DashboardFigure = z.output<typeof dashboardFigureSchema>;

interface MethodSpec {
  input: z.ZodType;
  output: z.ZodType;
  /** Callable without an administrator session (sign-in page, idle tracking). */
  public?: true;
  /** What the signed-in administrator's role must allow (src/shared/domain/roles.ts); none: read. */
  needs?: Capability;
}

/**
 * A money list's four methods: a page of it (filtered), its counts per status, what a status change
 * would do (the same reads and rule, nothing written; its version goes back with setStatus), and
 * the status change.
 */
function moneyList<N extends string, T extends readonly [string, ...string[]], R extends z.ZodType, O extends boolean = false, E extends boolean = false>(
  name: N,
  statuses: T,
  row: R,
  { overridable = false as O, evidence = false as E }: { overridable?: O; evidence?: E } = {}
) {
  const list = { input: moneyListInputSchema(statuses), output: pageOf(row) };
  const counts = { input: moneyCountsInputSchema(statuses), output: statusCountsSchema };
  // Deposits and withdrawals take the chain transaction (txid) a credit or payout is decided on; the
  // other lists' inputs are typed without the field.
  const chain = (evidence ? withTxid : {}) as E extends true ? typeof withTxid : Record<never, never>;
  const preview = { input: statusPreviewInputSchema(statuses, overridable).extend(chain), output: statusPreviewSchema };
  const setStatus = { input: statusChangeInputSchema(statuses, overridable).extend(chain), output: statusOutcomeSchema, needs: 'decide' as const };
  return {
    [`${name}.list`]: list,
    [`${name}.counts`]: counts,
    [`${name}.preview`]: preview,
    [`${name}.setStatus`]: setStatus
  } as Record<`${N}.list`, typeof list> &
    Record<`${N}.counts`, typeof counts> &
    Record<`${N}.preview`, typeof preview> &
    Record<`${N}.setStatus`, typeof setStatus>;
}

export const contract = {
  'app.info': { input: noInput, output: appInfoSchema, public: true },
  // Public so the update banner works on the sign-in page too; restarting needs no data access.
  'app.updateStatus': { input: noInput, output: updateStatusSchema, public: true },
  'app.restartToUpdate': { input: noInput, output: z.null(), public: true },
  /** A screen's error, written to the main log (main.log on the desktop); public, since the sign-in page can fail too. */
  'log.rendererError': { input: rendererErrorSchema, output: z.null(), public: true },
  'session.get': { input: noInput, output: sessionStateSchema, public: true },
  /** The signed-in administrator, or codeRequired when the account's second factor must be entered (session.signInCode). */
  'session.signIn': { input: signInInputSchema, output: z.union([signedInAdministratorSchema, codeRequiredSchema]), public: true },
  'session.signInCode': { input: z.object({ code: totpCode }).strict(), output: signedInAdministratorSchema, public: true },
  /** Confirms the password again (step-up): the riskiest changes need it within the last minutes. */
  'session.reauthenticate': {
    input: z.object({ password: z.string().min(1).max(4096) }).strict(),
    output: z.union([z.object({ confirmedUntil: z.string() }), codeRequiredSchema])
  },
  'session.reauthenticateCode': { input: z.object({ code: totpCode }).strict(), output: z.object({ confirmedUntil: z.string() }) },
  'session.signOut': { input: noInput, output: z.null(), public: true },
  'session.activity': { input: noInput, output: z.null(), public: true },
  'dashboard.summary': { input: noInput, output: dashboardSummarySchema },
  'dashboard.daily': { input: dailyInputSchema, output: dailyTotalsSchema },
  /** The money's trend: one stored snapshot per day shown (one query of at most 90 documents). */
  'dashboard.trend': { input: trendInputSchema, output: trendSchema },
  'dashboard.figure': { input: z.object({ figure: z.enum(dashboardFigureNames) }).strict(), output: dashboardFigureSchema },
  /** The last answer of each figure in this session, kept by the main process: the dashboard shows them at once. */
  'dashboard.lastFigures': { input: noInput, output: z.object({ figures: z.array(dashboardFigureSchema) }) },
  'plans.list': { input: noInput, output: plansSchema },
  'plans.update': { input: planUpdateInputSchema, output: changeResultSchema, needs: 'configure' },
  'wallets.get': { input: noInput, output: walletAddressesSchema },
  'wallets.save': { input: walletSaveInputSchema, output: changeResultSchema, needs: 'configure' },
  /** settings/ledgerdesk: how this platform wants Ledgerdesk to behave (defaults when never saved). */
  'platformSettings.get': { input: noInput, output: platformSettingsSchema },
  'platformSettings.save': { input: platformSettingsSaveInputSchema, output: changeResultSchema, needs: 'govern' },
  /** settings/riskRules: withdrawal caps, blocked addresses and the amount above which approval asks for the password. */
  'riskRules.get': { input: noInput, output: riskRulesSchema },
  'riskRules.save': { input: riskRulesSaveInputSchema, output: changeResultSchema, needs: 'configure' },
  'mail.send': { input: sendMailInputSchema, output: z.object({ message: z.string() }), needs: 'care' },
  'files.saveCsv': { input: saveCsvInputSchema, output: saveCsvResultSchema },
  /** The desktop app prints the page on screen to a PDF where the administrator chooses (null: cancelled); browser mode prints from the page. */
  'files.savePdf': { input: savePdfInputSchema, output: saveCsvResultSchema },
  ...moneyList('deposits', depositStatuses, depositRowSchema, { evidence: true }),
  // An approval of a suspended customer's withdrawal, or to a blocked address, takes an overrideReason.
  ...moneyList('withdrawals', withdrawalStatuses, withdrawalRowSchema, { evidence: true, overridable: true }),
  /** What a reviewer should know before deciding: facts of the withdrawal, its customer and its address, and warnings. */
  'deposits.risk': { input: byId, output: depositRiskSchema },
  'withdrawals.risk': { input: byId, output: withdrawalRiskSchema },
  ...moneyList('investments', investmentStatuses, investmentRowSchema),
  /** Active investments past maturity, oldest maturity first, paged by cursor (one query per plan duration in use). */
  'investments.due': { input: pageInputSchema, output: pageOf(investmentRowSchema) },
  /** What paying out this investment would do (the same reads and rule as the payout, nothing written). */
  'investments.payoutPreview': { input: payoutPreviewInputSchema, output: statusPreviewSchema },
  /**
   * Pays a matured investment once, where the platform setting paysMaturedInvestments says Ledgerdesk pays them. One cancelled or
   * completed before, not on its plan's terms, or of a suspended customer takes an overrideReason, as a withdrawal's approval does.
   */
  'investments.payout': { input: payoutInputSchema, output: statusOutcomeSchema, needs: 'decide' },
  ...moneyList('compoundInvestments', compoundInvestmentStatuses, compoundInvestmentRowSchema),
  'users.card': { input: byId, output: customerCardSchema },
  'users.list': { input: usersListInputSchema, output: pageOf(customerRowSchema) },
  'users.count': {
    input: usersListInputSchema.omit({ cursor: true, pageSize: true }),
    output: z.object({ total: z.number().int().nonnegative(), unlisted: z.number().int().nonnegative() })
  },
  /** Per verified flag and KYC status: the users page's filters and the dashboard's KYC card. */
  'users.verificationCounts': { input: noInput, output: verificationCountsSchema },
  'users.profile': { input: byId, output: customerProfileSchema },
  'users.search': { input: customerSearchInputSchema, output: customerSearchResultSchema },
  'users.passwordNotice': { input: noInput, output: passwordNoticeSchema },
  'users.adjust': { input: adjustInputSchema, output: changeResultSchema, needs: 'decide' },
  'users.setVerified': { input: verifyInputSchema, output: changeResultSchema, needs: 'care' },
  'users.kyc': { input: byId, output: kycSchema },
  'users.decideKyc': { input: kycDecisionInputSchema, output: changeResultSchema, needs: 'care' },
  'users.delete': { input: deleteInputSchema, output: deleteResultSchema, needs: 'decide' },
  /** The customer's stored totals against their records and audited adjustments: aggregation only, at most 10 queries. */
  'users.reconcile': { input: byId, output: reconcileResultSchema },
  /** Deleted customers kept on record (archivedUsers/{id}), newest deletion first. */
  'archivedUsers.list': { input: pageInputSchema, output: pageOf(deletedCustomerRowSchema) },
  'archivedUsers.get': { input: byId, output: deletedCustomerRowSchema },
  'archivedUsers.kyc': { input: byId, output: kycSchema },
  /** A run over every customer, audited; it goes on in the background and is followed with reconciliation.run. */
  'reconciliation.start': { input: z.object({ operationId }).strict(), output: runSchema, needs: 'decide' },
  'reconciliation.resume': { input: byId, output: runSchema, needs: 'decide' },
  'reconciliation.stop': { input: byId, output: runSchema, needs: 'decide' },
  'reconciliation.run': { input: byId, output: runSchema },
  'reconciliation.runs': { input: runsInputSchema, output: pageOf(runSchema) },
  'reconciliation.drifted': { input: driftedInputSchema, output: pageOf(driftedCustomerSchema) },
  /** Notes on a customer: append-only, newest first. */
  'users.addNote': { input: addNoteInputSchema, output: changeResultSchema, needs: 'care' },
  'users.notes': { input: notesInputSchema, output: pageOf(noteSchema) },
  'users.latestNote': { input: byId, output: latestNoteSchema },
  /** Every change to the customer's money, whoever made it (the platform's journal), newest first, 25 a page. */
  'users.journal': { input: journalInputSchema, output: pageOf(journalEntrySchema) },
  /** Opening balance, each balance movement with its running balance, closing balance, from the journal; at most 5,000 movements. */
  'users.statement': { input: statementInputSchema, output: statementSchema },
  /** Through the backend host: the sign-in account is disabled (sessions revoked), then the document flagged, with an audit entry. */
  'users.suspend': { input: suspendInputSchema, output: deleteResultSchema, needs: 'care' },
  'users.unsuspend': { input: suspendInputSchema, output: deleteResultSchema, needs: 'care' },
  'users.suspendedAmong': { input: suspendedAmongInputSchema, output: suspendedAmongSchema },
  'referrals.list': { input: referralsListInputSchema, output: pageOf(referralRowSchema) },
  'records.find': { input: findInputSchema, output: findResultSchema },
  /** The chained records checked (docs/product-rules.md §16.4): every chain, head and digest, or the digests of a range of days and what they cover. */
  'records.verify': { input: verifyRecordsInputSchema, output: verifyRecordsResultSchema },
  /** The latest signed daily digests (at most 30, newest first) and the platform's published key. */
  'records.digests': { input: noInput, output: digestListSchema },
  /** A day's digest as the file an auditor keeps: the signed digest and the heads its root covers. */
  'records.digestFile': { input: digestFileInputSchema, output: digestFileSchema },
  'audit.list': { input: auditListInputSchema, output: pageOf(auditRowSchema) },
  /** Approval requests, newest first (at most 100), in one state or all; a request past its 72 hours reads as expired. */
  'approvals.list': { input: approvalsListInputSchema, output: approvalsListSchema },
  /** Another administrator (never the maker) approves, applying the decision once, or rejects with a reason. */
  'approvals.decide': { input: approvalDecideInputSchema, output: approvalOutcomeSchema, needs: 'decide' },
  /** The maker withdraws their request before anyone decides it. */
  'approvals.cancel': { input: approvalCancelInputSchema, output: approvalOutcomeSchema, needs: 'decide' },
  /** The team (owner only), through the backend host: each administrator with role, MFA and last sign-in. */
  'team.list': { input: noInput, output: teamListSchema, needs: 'govern' },
  /** Makes the account on the platform side with the role, and sends a sign-in link through the outbox; audited. */
  'team.invite': { input: teamInviteInputSchema, output: teamChangeSchema, needs: 'govern' },
  /** Changes a role (the last owner keeps theirs); the member's sessions are revoked so the new role applies at the next sign-in. */
  'team.setRole': { input: teamSetRoleInputSchema, output: teamChangeSchema, needs: 'govern' },
  /** Disables the account and revokes its sessions (never the last owner); audited. */
  'team.disable': { input: teamDisableInputSchema, output: teamChangeSchema, needs: 'govern' },
  'mail.outbox': { input: mailOutboxInputSchema, output: pageOf(mailEntrySchema) },
  'mail.counts': { input: noInput, output: mailOutboxCountsSchema },
  'mail.retry': { input: z.object({ id, operationId }).strict(), output: z.null(), needs: 'care' },
  /** Listen to the first page of the list on screen; changes arrive as 'live.list' events until live.unwatch or sign-out. */
  'live.watchList': { input: watchListInputSchema, output: watchIdSchema },
  'live.unwatch': { input: watchIdSchema, output: z.null() },
  /** The sidebar's pending counts now (on window focus); they also arrive as 'live.pendingCounts' events. */
  'live.pendingCounts': { input: noInput, output: pendingCountsSchema },
  'notifications.get': { input: noInput, output: notificationPrefsSchema },
  'notifications.set': { input: notificationPrefsSchema.partial().strict(), output: notificationPrefsSchema },
  /** A draft kept in memory for the signed-in administrator (null when there is none). */
  'drafts.get': { input: z.object({ key: draftKeySchema }).strict(), output: z.object({ value: draftValueSchema }) },
  /** Keeps a draft (null forgets it). */
  'drafts.put': { input: draftPutInputSchema, output: z.null() },
  /** Each list's page size as last chosen on this computer (a list never chosen is absent: 10). */
  'pageSizes.get': { input: noInput, output: pageSizesSchema },
  'pageSizes.set': { input: setPageSizeInputSchema, output: pageSizesSchema },
  /** The zone this computer shows times in: its own (until chosen), UTC, or the platform's (settings/ledgerdesk.timeZone). */
  'timeZone.get': { input: noInput, output: shownZoneSchema },
  'timeZone.set': { input: setShownZoneInputSchema, output: shownZoneSchema },
  /** Each list's columns, widths and density as chosen on this computer (a list never changed is absent: its default). */
  'columns.get': { input: noInput, output: columnLayoutsSchema },
  'columns.set': { input: setColumnLayoutInputSchema, output: columnLayoutsSchema },
  /** Saved views (a list's filters and order under a name), kept in the preferences file. */
  'views.list': { input: noInput, output: z.object({ views: z.array(savedViewSchema) }) },
  'views.save': { input: saveViewInputSchema, output: savedViewSchema },
  'views.rename': { input: renameViewInputSchema, output: savedViewSchema },
  'views.delete': { input: deleteViewInputSchema, output: z.null() },
  /** The theme chosen on this computer (system, light or dark); public, since the sign-in page is drawn in it too. */
  'theme.get': { input: noInput, output: themeSchema, public: true },
  /** Keeps the choice in the preferences file; the desktop app's window and menus follow it at once (theme.changed). */
  'theme.set': { input: setThemeInputSchema, output: themeSchema }
} as const satisfies Record<MethodName, MethodSpec>;

export const events = {
  'session.changed': sessionStateSchema,
  'session.idleWarning': z.object({ signOutAt: z.string(), msLeft: z.number() }),
  'app.updateReady': z.object({ version: z.string() }),
  'app.updateError': z.object({ message: z.string() }),
  /** Help > Keyboard shortcuts in the desktop app's menu: the page opens its `?` list. */
  'app.showShortcuts': z.object({}),
  /** The e-mail dispatcher sent, failed or queued something: the queue panel refreshes. */
  'mail.changed': z.object({}),
  'live.list': liveListEventSchema,
  'live.pendingCounts': pendingCountsSchema,
  'live.newPending': newPendingSchema,
  'live.connection': connectionSchema,
  /** A desktop notification was clicked: the screen opens that record in its queue. */
  'live.openRecord': newPendingSchema.pick({ kind: true, id: true }),
  /** The theme was chosen elsewhere (the desktop's View menu, another tab): the page and its Theme control follow. */
  'theme.changed': themeSchema
} as const satisfies Record<EventName, z.ZodType>;

// Compile-time proof that methods.ts lists exactly the contract's keys, in both directions.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodsMatch: Exact<keyof typeof contract, MethodName> = true;
const eventsMatch: Exact<keyof typeof events, EventName> = true;
void methodsMatch;
void eventsMatch;

export type Contract = typeof contract;
export type Input<M extends MethodName> = z.input<Contract[M]['input']>;
export type ParsedInput<M extends MethodName> = z.output<Contract[M]['input']>;
export type Output<M extends MethodName> = z.output<Contract[M]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

export { dashboardFigureNames, type DashboardFigureName } from './dashboardFigures';

export const isPublicMethod = (method: MethodName): boolean => (contract[method] as MethodSpec).public === true;

/** What a method needs the caller's role to allow (read unless the contract says otherwise). */
export const capabilityNeeded = (method: MethodName): Capability => (contract[method] as MethodSpec).needs ?? 'read';

export type { Capability, Role };

/** A method with no fields may be called with no argument. */
// zod's input of an empty strict object is Record<string, never>, which `{}` is assignable to.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type CallArgs<M extends MethodName> = {} extends Input<M> ? [input?: Input<M>] : [input: Input<M>];

export type MethodCall<M extends MethodName> = (...args: CallArgs<M>) => Promise<Result<Output<M>>>;

type Namespace<M extends string> = M extends `${infer NS}.${string}` ? NS : never;
type Leaf<M extends string, NS extends string> = M extends `${NS}.${infer L}` ? L : never;

/** window.api: api.session.signIn({...}) for 'session.signIn', plus on(event, cb). */
export type Api = {
  [NS in Namespace<MethodName>]: {
    [L in Leaf<MethodName, NS>]: MethodCall<`${NS}.${L}` & MethodName>;
  };
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

export type {
  AuditRow,
  CompoundInvestmentRow,
  DepositRow,
  InvestmentRow,
  MailEntry,
  MailOutboxCounts,
  MailState,
  Page,
  PreviewGiven,
  StatusChangeInput,
  StatusOutcome,
  StatusPreview,
  StatusPreviewInput,
  WithdrawalRow
} from './schemas/money';
export type { TeamMember } from './schemas/team';
export type { ApprovalRequest } from './schemas/approvals';
export type { CustomerCard, Kyc, Note, ReferralRow, CustomerProfile, CustomerRow, CustomerSearchResult } from './schemas/users';
export type { KycStatus, MoneyListName, StatusCounts, VerificationCounts } from './schemas/lists';
export type { DepositRisk, RiskWarning, WithdrawalRisk } from './schemas/risk';
export type { FindResult, RecordKind, RecordMatch } from './schemas/records';
export type { DigestFile, DigestList, DigestRow, VerifyRecordsResult } from './schemas/evidence';
export type { DeletedCustomerRow, DriftedCustomerRow, FigureCheckRow, ReconcileResult, ReconciliationRun } from './schemas/reconciliation';
export type { DailyTotals, Plan, Plans, RiskRulesValue } from './schemas/settings';
export type { DailySnapshotRow, Trend } from './schemas/trend';
export type { PageSize, PageSizes, SavedView, SizedList, ViewScreen } from './schemas/views';
export type { ShownZone, ZoneChoice } from './schemas/timeZone';
export type { ColumnLayout, ColumnLayouts, ColumnList, Density } from './schemas/columns';
