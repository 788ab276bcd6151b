import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, it as property } from '@fast-check/vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type CollectionReference, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import { contract } from '../../src/shared/contract';
import type { MethodName } from '../../src/shared/methods';
import { startDemoPlatform, type DemoPlatform } from '../../tools/devenv/demo-platform';
import { createAuthAccounts } from '../../tools/devenv/seed';
import { signedInApp } from '../support/integration/moneyFixtures';
import { emulatorHosts } from '../support/integration/emulatorHosts';

/**
 * Junk sent to EVERY contract method through the real dispatcher of a signed-in Ledgerdesk, against
 * the emulators and the in-process backend host. Three kinds of input, all built from the contract
 * so a new or changed method is covered without editing this file:
 *
 *  1. hostile values (wrong types, huge strings, deep objects, `__proto__` keys, NaN, negative and
 *     enormous numbers, ids with slashes, BigInt, Map, Date…) as the whole input, and
 *  2. a valid input with ONE field replaced by such a value, an unknown key added or a field left
 *     out; both kept only when the contract's schema refuses them, and answered VALIDATION;
 *  3. almost valid: the schema accepts the input, the domain must refuse it (valid ids but
 *     operationId fine and amount 1e300, id "a/b", a locked deposit, a stored NaN amount, a plan
 *     whose minimum exceeds its maximum…). Any refusal code but INTERNAL will do.
 *
 * Every answer must be `{ok:false, error:{code, message}}` with a short human sentence, and
 * afterwards every document and sign-in account must be exactly as before.
 */

const RUNS_PER_METHOD = 60;
const CODES = [
  'VALIDATION',
  'NOT_FOUND',
  'CONFLICT',
  'PERMISSION_DENIED',
  'UNAUTHENTICATED',
  'UNAVAILABLE',
  'STEP_UP_REQUIRED',
  'STALE_VERSION',
  'HOLDS_MONEY'
];
/** Longer than any sentence a person reads in a toast. */
const MAX_MESSAGE = 1_000;

// ---------------------------------------------------------------------------------------------
// Data the almost-valid inputs point at.

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const when = at('2026-01-01T00:00:00Z');

/** Valid for their coins (tests/unit/shared/domain/wallets.test.ts), stored as the current addresses. */
const WALLETS = {
  BITCOIN: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
};
const PLAN = { name: 'Gold', min: 1, max: 2, roi: 1, duration: 1 };

const SEED: Record<string, Record<string, unknown>> = {
  // An unfinished reconciliation run: starting another is refused (CONFLICT), so the junk run starts none.
  'reconciliationRuns/run-open': { state: 'running', startedAt: when, heartbeatAt: when, cursor: null, progress: { total: 0 } },
  'users/ann': {
    fullname: 'Ann Lee',
    email: 'ann@example.com',
    balance: 100,
    Totaldeposit: 50,
    Totalwithdrawal: 0,
    verified: false,
    myReferralId: 'REFANN',
    kyc: { status: 'pending', fullName: 'Ann Lee', idType: 'passport' },
    timestamp: when
  },
  'users/bob': { fullname: 'Bob Stone', email: 'bob@example.com', balance: 0, verified: true, referreduserid: 'REFANN', timestamp: when },
  'users/nan-user': { fullname: 'Nan User', email: 'nan@example.com', balance: NaN, timestamp: when },
  'users/rich': { fullname: 'Rich Person', email: 'rich@example.com', balance: 999_999_999.99, timestamp: when },
  'deposits/dep-pending': { userId: 'bob', userEmail: 'bob@example.com', amount: 50, method: 'BITCOIN', status: 'pending', timestamp: when },
  'deposits/dep-done': { userId: 'bob', userEmail: 'bob@example.com', amount: 50, method: 'BITCOIN', status: 'success', timestamp: when },
  'deposits/dep-nan': { userId: 'bob', userEmail: 'bob@example.com', amount: NaN, method: 'BITCOIN', status: 'pending', timestamp: when },
  'deposits/dep-huge': { userId: 'bob', userEmail: 'bob@example.com', amount: 1e300, method: 'BITCOIN', status: 'pending', timestamp: when },
  'deposits/dep-capital': { userId: 'bob', userEmail: 'bob@example.com', amount: 5, method: 'BITCOIN', status: 'Success', timestamp: when },
  'withdrawals/wd-pending': { userId: 'bob', email: 'bob@example.com', amount: 10, cryptoType: 'BITCOIN', status: 'pending', createdAt: when },
  'withdrawals/wd-done': { userId: 'bob', email: 'bob@example.com', amount: 10, cryptoType: 'BITCOIN', status: 'approved', createdAt: when },
  'withdrawals/wd-rejected': { userId: 'bob', email: 'bob@example.com', amount: 10, cryptoType: 'BITCOIN', status: 'rejected', createdAt: when },
  'withdrawals/wd-cancelled': { userId: 'bob', email: 'bob@example.com', amount: 10, cryptoType: 'BITCOIN', status: 'cancelled', createdAt: when },
  'withdrawals/wd-nan': { userId: 'bob', email: 'bob@example.com', amount: NaN, cryptoType: 'BITCOIN', status: 'pending', createdAt: when },
  'withdrawals/wd-huge': { userId: 'bob', email: 'bob@example.com', amount: 1e300, cryptoType: 'BITCOIN', status: 'pending', createdAt: when },
  'investments/inv1': { email: 'bob@example.com', plan: 'Gold', amount: 50, status: 'active', createdAt: when },
  'compoundInvest/cinv1': { email: 'bob@example.com', plan: 'Gold', amount: 50, status: 'active', startAt: when },
  'investmentPlans/plan1': PLAN,
  'settings/walletAddresses': WALLETS,
  'referrals/ref1': { referrerId: 'ann', name: 'Bob Stone', email: 'bob@example.com', timestamp: when },
  'mailOutbox/mail-sent': { kind: 'custom', to: 'ann@example.com', subject: 'Hi', state: 'sent', attempts: 1, createdAt: when, nextAttemptAt: null },
  'mailOutbox/mail-failed': { kind: 'custom', to: 'ann@example.com', subject: 'Hi', state: 'failed', attempts: 5, createdAt: when, nextAttemptAt: null },
  'auditLog/seeded-entry': { kind: 'user', action: 'user.adjust', entityPath: 'users/ann', summary: 'seeded', before: {}, after: {}, at: when }
};

// ---------------------------------------------------------------------------------------------
// Hostile values.

const HUGE = 'x'.repeat(1_000_001); // over every string limit but saveCsv's 200 MB content
const deep = (levels: number, leaf: unknown = 'bottom'): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
const deepArray = (levels: number): unknown => {
  let value: unknown = [];
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};
/** `__proto__` as an own key, as JSON.parse (and so the browser transport) makes it. */
const protoKeyed = (rest: Record<string, unknown> = {}) =>
  JSON.parse(JSON.stringify({ ...rest, __proto__x: { polluted: 'yes', isAdmin: true } }).replace('"__proto__x"', '"__proto__"')) as object;

const BAD_IDS = ['a/b', 'x/sub/y', '/', 'users/ann', '.', '..', '__name__', '__ledgerdesk__', 'é'.repeat(751), 'a'.repeat(1_501), '', ' / '];
const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const FORGED_CURSORS = [
  forged([{ ts: [1e15, 0] }, 'dep-pending']), // beyond year 9999
  forged([{ ts: [0, 1e10] }, 'dep-pending']), // nanoseconds out of range
  forged([{ n: 1 }, 'deposits/dep-pending']), // an id with a slash
  forged([{ n: 1 }, '__name__']),
  forged([{ what: 1 }, 'dep-pending']), // a value of no known kind
  forged({ n: 1 }),
  forged(['dep-pending']),
  'garbled-cursor-text'
];
const BAD_NUMBERS = [NaN, Infinity, -Infinity, -0, -1, -1e300, 1e300, Number.MAX_VALUE, -Number.MAX_VALUE, 2 ** 53 + 2, Number.MIN_VALUE, 0.5];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...BAD_NUMBERS, ...BAD_IDS, HUGE, null, undefined, true, false, 0, '', ' ', '\u0000', '\uFFFF\uD800'),
  fc.constantFrom<unknown>(
    deep(2_000),
    deepArray(2_000),
    deep(50, protoKeyed()),
    protoKeyed(),
    protoKeyed({ id: 'ann' }),
    { constructor: { prototype: { polluted: 'yes' } } },
    { toString: 'not a function', valueOf: 42 },
    { ['k'.repeat(10_000)]: 1 },
    Object.create(null),
    [HUGE],
    new Array(100_000),
    new Date(NaN),
    new Map([['id', 'ann']]),
    new Set(['ann']),
    /ann/g,
    new Uint8Array(16),
    10n ** 30n,
    -1n
  ),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.anything({
    maxDepth: 4,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withNullPrototype: true,
    withBoxedValues: true,
    key: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'operationId'))
  })
);

// ---------------------------------------------------------------------------------------------
// Valid inputs, built from the schemas (zod 4 internals), with the ids of the seed above.

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = Record<string, unknown>;
const defOf = (schema: unknown): any => (schema as any)._zod.def;

/** Field names of an object schema, and which ones are optional. */
function fieldsOf(schema: unknown): { name: string; optional: boolean; schema: unknown }[] {
  const def = defOf(schema);
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, unknown>).map(([name, field]) => ({
    name,
    optional: defOf(field).type === 'optional',
    schema: field
  }));
}

/** A value the schema accepts: the least surprising one. */
function sampleOf(schema: any, path: string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape)
          .map(([name, field]) => [name, sampleOf(field, `${path}.${name}`)])
          .filter(([, value]) => value !== undefined)
      );
    case 'undefined':
      // A field a method must not be given (a status on the status tabs' counts): left out.
      return undefined;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return sampleOf(def.innerType, path);
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'boolean':
      return false;
    case 'array':
      // The plainest list: none (a lookup of no customers, no documents asked for).
      return [];
    case 'record':
      // The plainest map: empty (a column layout that keeps no widths).
      return {};
    case 'number':
      return Math.max(1, Number.isFinite(schema.minValue) ? schema.minValue : 1);
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      // An instant with its offset, as the date filters take it.
      if (schema.format === 'datetime') return '2026-01-01T00:00:00.000+01:00';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'custom': {
      // A check written as code (a draft's value): the plainest value it accepts.
      const plain = [null, 'a', 1, false].find((value) => schema.safeParse(value).success);
      if (plain !== undefined) return plain;
      throw new Error(`junk-input: the custom schema at ${path} accepts none of null, 'a', 1, false`);
    }
    case 'union': {
      // The first choice with a sample its own schema accepts (a customer by id, not by e-mail).
      for (const [i, option] of (def.options as unknown[]).entries()) {
        const sample = sampleOf(option, `${path}|${i}`);
        if ((option as any).safeParse(sample).success) return sample;
      }
      throw new Error(`junk-input: no choice of the union at ${path} accepts its own sample`);
    }
    default:
      throw new Error(`junk-input: no valid sample for a ${def.type} at ${path}; teach sampleOf about it`);
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Per method: fields that make the valid sample point at seeded data, and whether that input, valid
 * as it is, is itself refused by the domain (so it may be sent; the others would really write).
 */
const BASES: Partial<Record<MethodName, { input: Json; refused?: true }>> = {
  'session.signIn': { input: { email: 'nobody@ledgerdesk.test', password: 'not-the-password', rememberMe: false }, refused: true },
  'plans.update': { input: { id: 'plan1', ...PLAN }, refused: true }, // nothing changed
  'wallets.save': { input: { addresses: WALLETS }, refused: true }, // no address changed
  'platformSettings.save': { input: { changes: { requireTxid: false } }, refused: true }, // already the default
  // An e-mail the schema takes (the sample 'a' is not one); the team's other changes name nobody on it.
  'team.invite': { input: { email: 'new.member@example.com', role: 'viewer' } },
  'team.setRole': { input: { uid: 'no-such-member', role: 'viewer' }, refused: true },
  'team.disable': { input: { uid: 'no-such-member' }, refused: true },
  'approvals.decide': { input: { id: 'no-such-request', decision: 'approve' }, refused: true },
  'approvals.cancel': { input: { id: 'no-such-request' }, refused: true },
  'mail.send': { input: { to: 'ann@example.com', toName: 'Ann Lee', subject: 'Hello', companyName: 'Acme', html: '<p>Hi</p>' } },
  'files.saveCsv': { input: { suggestedName: 'export.csv', content: 'a,b' }, refused: true }, // browser mode has no save dialog
  // A version is only valid as a preview made it: the samples leave it out, so the rules are what refuse.
  'deposits.setStatus': { input: { id: 'dep-done', status: 'failed', version: undefined }, refused: true }, // locked
  'withdrawals.setStatus': { input: { id: 'wd-done', status: 'rejected', version: undefined }, refused: true }, // locked
  'investments.setStatus': { input: { id: 'inv1', status: 'active', version: undefined }, refused: true }, // already active
  'compoundInvestments.setStatus': { input: { id: 'cinv1', status: 'active', version: undefined }, refused: true },
  // The platform pays matured investments elsewhere until its setting says otherwise (inv1 has no duration either).
  'investments.payout': { input: { id: 'inv1', version: undefined }, refused: true },
  'investments.payoutPreview': { input: { id: 'inv1' } },
  'deposits.risk': { input: { id: 'dep-done' } },
  'withdrawals.risk': { input: { id: 'wd-done' } },
  'users.card': { input: { id: 'ann' } },
  'users.kyc': { input: { id: 'ann' } },
  'users.search': { input: { text: 'ann' } },
  // Days as digests name them (the sample 'a' is not one), the range in order.
  'records.verify': { input: { from: '2026-01-01', to: '2026-01-31' } },
  'records.digestFile': { input: { day: '2026-01-01' }, refused: true }, // no digest signed that day
  // A statement's period must start before it ends: the sample gives both ends one instant.
  'users.statement': { input: { id: 'ann', from: '2026-01-01T00:00:00.000+01:00', to: '2026-02-01T00:00:00.000+01:00' } },
  'users.adjust': {
    input: { id: 'ann', field: 'balance', operation: 'subtract', amount: 1_000, reason: 'Junk test', allowNegative: false },
    refused: true // below zero without the second confirmation
  },
  'users.setVerified': { input: { id: 'ann', verified: false }, refused: true }, // already unverified
  'users.decideKyc': { input: { id: 'ann', status: 'pending' }, refused: true }, // already pending
  'users.delete': { input: { id: 'ann', reason: 'Junk test deletion' }, refused: true }, // holds $100 and no force
  'mail.retry': { input: { id: 'mail-sent' }, refused: true }, // only failed e-mails are retried
  'reconciliation.start': { input: {}, refused: true }, // run-open is not finished
  'users.addNote': { input: { id: 'no-such-customer', text: 'Junk test' }, refused: true }, // nobody to write it on
  'users.suspend': { input: { id: 'no-such-customer', reason: 'Junk test' }, refused: true }, // the host finds nobody
  'users.unsuspend': { input: { id: 'ann', reason: 'Junk test' }, refused: true }, // not suspended
  'riskRules.save': { input: { rules: { cap24h: null, cap30d: null, blockedAddresses: [], stepUpAbove: 10_000 } }, refused: true }, // the defaults already
  'session.reauthenticate': { input: { password: 'not-the-password' }, refused: true },
  'session.signInCode': { input: { code: '123456' }, refused: true }, // no sign-in waits for a code
  'session.reauthenticateCode': { input: { code: '123456' }, refused: true }
};

/** Values the schema accepts in one field that the domain must refuse (on top of BAD_IDS for ids). */
const DOMAIN_FIELD_VALUES: Partial<Record<MethodName, Record<string, unknown[]>>> = {
  // customer@… is a real account; the base's password is not its password.
  'session.signIn': { email: ['', '   ', 'a/b', 'not-an-email', 'customer@ledgerdesk.test'], password: ['', 'x'] },
  'users.adjust': {
    amount: [1e300, -1e300, Number.MAX_VALUE, 1_000_000_000.01, 2 ** 53, -5, -0.01, 0, -0, 0.001],
    reason: ['', '   ', '\n\t']
  },
  'plans.update': { name: ['', '   '], min: [-1, 3, 1e300, -Number.MAX_VALUE], max: [-1, 0.5, 0], roi: [-1, -0.01, -1e300], duration: [0, -1, 1.5, 1e-300] },
  'mail.send': { to: ['', '   ', 'a/b', 'not-an-email', '@', 'ann@'], subject: ['', '   '], companyName: ['', ' '], html: ['', '  \n '] },
  'files.saveCsv': { suggestedName: ['../../../etc/passwd', 'a/b.csv', 'x'.repeat(200)] },
  // A version no preview of these reads made: refused as stale, whatever the rule would say.
  'deposits.setStatus': { version: ['v1.stale', 'x'] },
  'withdrawals.setStatus': { version: ['v1.stale', 'x'] },
  'investments.setStatus': { version: ['v1.stale', 'x'] },
  'compoundInvestments.setStatus': { version: ['v1.stale', 'x'] }
};
// Every coin: empty, spaces, not an address, a path, too short, a checksum with one letter's case
// flipped, the right length of the wrong letters, a character base58 does not have.
DOMAIN_FIELD_VALUES['wallets.save'] = Object.fromEntries(
  Object.keys(WALLETS).map((coin) => [
    `addresses.${coin}`,
    ['', '   ', 'not-an-address', 'a/b', '0x123', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'T'.repeat(34), `${'1'.repeat(33)}0`]
  ])
);

/** Whole inputs the schema accepts that the domain must refuse: records in states that forbid the change. */
const DOMAIN_INPUTS: Partial<Record<MethodName, Json[]>> = {
  'deposits.setStatus': [
    { id: 'dep-done', status: 'pending' },
    { id: 'dep-pending', status: 'pending' },
    { id: 'dep-nan', status: 'success' }, // a stored amount that is not a number
    { id: 'dep-huge', status: 'success' }, // a stored amount of 1e300
    { id: 'dep-capital', status: 'failed' } // "Success" is not a status Ledgerdesk may change from
  ],
  'withdrawals.setStatus': [
    { id: 'wd-rejected', status: 'approved' },
    { id: 'wd-pending', status: 'pending' },
    { id: 'wd-cancelled', status: 'approved' },
    { id: 'wd-nan', status: 'approved' },
    { id: 'wd-huge', status: 'rejected' }
  ],
  'users.adjust': [
    { id: 'nan-user', field: 'balance', operation: 'add', amount: 1, reason: 'Junk test', allowNegative: false },
    { id: 'rich', field: 'balance', operation: 'add', amount: 1, reason: 'Junk test', allowNegative: false },
    { id: 'ann', field: 'balance', operation: 'add', amount: 999_999_999, reason: 'Junk test', allowNegative: true }
  ],
  'users.decideKyc': [{ id: 'bob', status: 'approved' }], // no KYC submitted
  'users.setVerified': [{ id: 'bob', verified: true }],
  'users.delete': [
    { id: 'nan-user', reason: 'Junk test deletion' },
    { id: 'no-such-customer', force: true, reason: 'Junk test deletion' }
  ],
  'mail.retry': [{ id: 'no-such-mail' }]
};

const methods = Object.keys(contract) as MethodName[];
const inputSchema = (method: MethodName) => contract[method].input;
const accepted = (method: MethodName, input: unknown) => inputSchema(method).safeParse(input ?? {}).success;

/** Junk inputs reuse one operationId (fast-check replays them); almost-valid ones get their own. */
const JUNK_OPERATION = '7d1f4c62-2a5e-4b8f-9c3d-0e6a1b2c3d4e';

/** The valid input of a method, with the given operationId where it takes one. */
function baseOf(method: MethodName, operationId = JUNK_OPERATION): Json {
  const sample = sampleOf(inputSchema(method), method) as Json;
  return { ...sample, ...BASES[method]?.input, ...('operationId' in sample ? { operationId } : {}) };
}

const withField = (input: Json, path: string, value: unknown): Json => {
  const [head, ...rest] = path.split('.');
  if (!head) return input;
  if (rest.length === 0) return { ...input, [head]: value };
  return { ...input, [head]: withField((input[head] ?? {}) as Json, rest.join('.'), value) };
};
const withoutField = (input: Json, name: string): Json => Object.fromEntries(Object.entries(input).filter(([key]) => key !== name));

/** Every (field, value) the domain must refuse, for one method. */
function domainCases(method: MethodName): { label: string; input: Json }[] {
  const cases: { label: string; input: Json }[] = [];
  const base = () => baseOf(method, randomUUID());
  const fields = fieldsOf(inputSchema(method)).map((f) => f.name);
  // Every id field: paths, reserved names, over 1,500 bytes, and a record that does not exist (focus
  // opens a list at one record). A cursor is opaque (base64url of the last row's sort value and id):
  // an empty one is no cursor (the first page); old-style document ids, garbled text and forged
  // cursors naming an impossible value or id must be refused too.
  for (const name of fields.filter((f) => f === 'id' || f === 'cursor' || f === 'focus')) {
    const values = [...BAD_IDS, 'no-such-record', ...(name === 'cursor' ? FORGED_CURSORS : [])].filter((v) => name !== 'cursor' || v !== '');
    // A list reads the cursor before the focus: each is tried without the other, so each is what is refused.
    const other = name === 'cursor' ? 'focus' : name === 'focus' ? 'cursor' : null;
    const start = () => (other ? withoutField(base(), other) : base());
    for (const value of values) cases.push({ label: `${name}=${JSON.stringify(value).slice(0, 40)}`, input: withField(start(), name, value) });
  }
  for (const [path, values] of Object.entries(DOMAIN_FIELD_VALUES[method] ?? {})) {
    for (const value of values) cases.push({ label: `${path}=${String(value).slice(0, 40)}`, input: withField(base(), path, value) });
  }
  for (const input of DOMAIN_INPUTS[method] ?? []) cases.push({ label: JSON.stringify(input), input: { ...base(), ...input } });
  if (BASES[method]?.refused) cases.push({ label: 'the refused base input', input: base() });
  return cases;
}

/** Junk the schema must refuse: hostile values as the input or in one of its fields. */
function junkFor(method: MethodName): fc.Arbitrary<unknown> {
  const fields = fieldsOf(inputSchema(method));
  const inOneField =
    fields.length === 0
      ? fc.constant<unknown>({ id: 'ann' })
      : fc.tuple(fc.constantFrom(...fields.map((f) => f.name)), hostile, fc.constantFrom('replace', 'replace', 'nest', 'drop')).map(([name, value, how]) => {
          const base = baseOf(method);
          if (how === 'drop') return withoutField(base, name);
          if (how === 'nest') return withField(base, name, { [name]: value });
          return withField(base, name, value);
        });
  const extraKey = fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'uid', 'admin', 'x'.repeat(300)), hostile)
    .map(([key, value]) => {
      const base = fields.length ? baseOf(method) : {};
      return key === '__proto__' ? protoKeyed(base) : { ...base, [key]: value };
    });
  return fc.oneof(hostile, inOneField, inOneField, extraKey).filter((input) => !accepted(method, input));
}

// ---------------------------------------------------------------------------------------------
// What is stored, before and after.

/**
 * Not platform data: the backend host's idempotency ledger records each Idempotency-Key before it
 * acts, and a refused request leaves its key there marked failed (usable again). Customer data,
 * audit entries and sign-in accounts are all compared.
 */
const BOOKKEEPING = ['backendOperations'];

/**
 * The access log records every sign-in attempt and password confirmation, refused ones included
 * (docs/product-rules.md §11.1): the junk's refused sign-ins add such entries by design. They are
 * left out of the comparison; every other audit entry is compared.
 */
const isAccessEntry = (path: string, data: unknown): boolean => path.startsWith('auditLog/') && (data as { kind?: unknown } | undefined)?.kind === 'access';

async function snapshotFirestore(db: Firestore): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (collections: CollectionReference[]): Promise<void> => {
    for (const collection of collections) {
      const refs = await collection.listDocuments(); // includes documents that only hold sub-collections
      const snapshots = refs.length ? await db.getAll(...refs) : [];
      for (const s of snapshots) {
        if (isAccessEntry(s.ref.path, s.data())) continue;
        // The audit chain's head moves with every entry (§16.6): ending on an access entry, it moved with those alone.
        if (s.ref.path === 'auditChain/head' && isAccessEntry('auditLog/', (await db.doc(`auditLog/${String(s.get('entryId'))}`).get()).data())) continue;
        out.set(s.ref.path, s.exists ? `${s.updateTime?.toMillis()} ${JSON.stringify(s.data())}` : '(only sub-collections)');
      }
      for (const ref of refs) await walk(await ref.listCollections());
    }
  };
  await walk(await db.listCollections());
  return out;
}

async function snapshotAuth(app: App): Promise<string[]> {
  const { users } = await getAuth(app).listUsers(1000);
  return users
    .map((u) => JSON.stringify({ uid: u.uid, email: u.email, disabled: u.disabled, claims: u.customClaims ?? null, valid: u.tokensValidAfterTime }))
    .sort();
}

// ---------------------------------------------------------------------------------------------

describe('junk sent to every contract method through the dispatcher', () => {
  let admin: App;
  let db: Firestore;
  let mail: DemoPlatform;
  let app: MainServices;
  let before: { store: Map<string, string>; accounts: string[] };
  const tried = { schema: 0, domain: 0 };
  const started = Date.now();
  let setupSeconds = 0;

  beforeAll(async () => {
    // This file's emulators are fresh (tests/support/integration/emulators.ts): only the accounts are missing.
    await createAuthAccounts(emulatorHosts());
    process.env.METADATA_SERVER_DETECTION = 'none';
    admin = initializeApp({ projectId: emulatorHosts().projectId }, `junk-input-${process.pid}`);
    db = getFirestore(admin);
    const batch = db.batch();
    for (const [path, data] of Object.entries(SEED)) batch.set(db.doc(path), data);
    await batch.commit();
    mail = await startDemoPlatform({ projectId: emulatorHosts().projectId, mailDir: mkdtempSync(join(tmpdir(), 'ld-junk-mail-')), handlers: false });
    // The e-mail dispatcher polls once at start and then never: nothing is queued, and nothing may be.
    app = await signedInApp({ LEDGERDESK_BACKEND_URL: mail.backendUrl }, { mail: { pollMs: 3_600_000 } });
    before = { store: await snapshotFirestore(db), accounts: await snapshotAuth(admin) };
    setupSeconds = (Date.now() - started) / 1000;
  });

  afterAll(async () => {
    await app?.dispose();
    await mail?.close();
    if (admin) await deleteApp(admin);
    const seconds = ((Date.now() - started) / 1000 - setupSeconds).toFixed(1);
    console.log(
      `junk-input: ${tried.schema + tried.domain} inputs tried on ${methods.length} methods in ${seconds} s ` +
        `(after ${setupSeconds.toFixed(1)} s of seeding and signing in) ` +
        `(${tried.schema} refused by the contract's schemas, ${tried.domain} almost valid, refused by the rules behind them)`
    );
  });

  const call = async (method: MethodName, input: unknown) => {
    const answer = (await app.dispatch(method, input)) as unknown;
    return answer as { ok: boolean; error?: { code: unknown; message: unknown }; value?: unknown };
  };

  /** A refusal a person can read: a known code and one short sentence, never a stack trace. */
  const expectClearRefusal = (answer: Awaited<ReturnType<typeof call>>, context: string) => {
    expect(answer.ok, `${context} was accepted: ${JSON.stringify(answer.value)?.slice(0, 300)}`).toBe(false);
    const { code, message } = answer.error ?? {};
    expect(CODES, `${context} answered ${String(code)}: ${String(message)}`).toContain(code);
    expect(typeof message === 'string' && message.trim().length > 0, `${context}: empty message`).toBe(true);
    const text = message as string;
    expect(text.length, `${context}: a ${text.length}-character message`).toBeLessThanOrEqual(MAX_MESSAGE);
    expect(text, `${context}: a stack trace`).not.toMatch(/\n\s+at |\[object Object\]|undefined is not|Cannot read prop/);
  };

  it('has a valid input for every method, so each mutation below breaks exactly one thing', () => {
    for (const method of methods) expect(accepted(method, baseOf(method)), `${method}: ${JSON.stringify(baseOf(method))}`).toBe(true);
  });

  for (const method of methods) {
    property.prop([junkFor(method)], { numRuns: RUNS_PER_METHOD })(`${method}: junk the schema refuses is answered VALIDATION`, async (input) => {
      tried.schema++;
      const answer = await call(method, input);
      expectClearRefusal(answer, `${method}(${describeInput(input)})`);
      expect(answer.error?.code, `${method}(${describeInput(input)})`).toBe('VALIDATION');
    });

    const cases = domainCases(method);
    if (cases.length > 0) {
      it(`${method}: ${cases.length} almost-valid inputs are refused by the rules`, async () => {
        const problems: string[] = [];
        for (const { label, input } of cases) {
          tried.domain++;
          try {
            expectClearRefusal(await call(method, input), `${method} with ${label}`);
          } catch (error) {
            problems.push((error as Error).message.split('\n')[0] ?? String(error));
          }
        }
        expect(problems).toEqual([]);
      });
    }
  }

  it('left the administrator signed in, nothing polluted, and every document and account as it was', async () => {
    const session = await call('session.get', {});
    expect((session.value as { user: unknown } | undefined)?.user).not.toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const after = await snapshotFirestore(db);
    const changed = [...new Set([...before.store.keys(), ...after.keys()])]
      .filter((path) => !BOOKKEEPING.some((collection) => path.startsWith(`${collection}/`)))
      .filter((path) => before.store.get(path) !== after.get(path));
    expect(changed, `changed: ${changed.map((p) => `${p}: ${before.store.get(p) ?? '(none)'} -> ${after.get(p) ?? '(none)'}`).join('\n')}`).toEqual([]);
    expect(await snapshotAuth(admin)).toEqual(before.accounts);
    expect(tried.schema + tried.domain).toBeGreaterThanOrEqual(2_000);
  });
});

function describeInput(input: unknown): string {
  try {
    const text = JSON.stringify(input, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
    return text === undefined ? String(input) : text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
  } catch {
    return Object.prototype.toString.call(input);
  }
}
