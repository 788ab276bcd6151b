import { doc, Timestamp, type DocumentData, type Firestore } from 'firebase/firestore';
import { readDoc } from './reads';
import { maturityOf, roiDueOf } from '../../shared/domain/maturity';
import { fromCents } from '../../shared/domain/money';
import type { AuditRow } from '../../shared/contract';
import { compoundInvestmentStatuses, depositStatuses, investmentStatuses, withdrawalStatuses } from '../../shared/domain/statuses';
import { USER_GONE_MESSAGE } from '../../shared/domain/users';
import { lists, moneyRequest } from '../../shared/queries/lists';
import { AppError } from '../../shared/result';
import type { MoneyListName, MoneyLists, MoneyRows } from '../../core/ports/moneyLists';
import { mapFirebaseErrors } from './errors';
import { countEach, readList } from './listQuery';
import { toCustomerRow } from './userRepository';
import { amountOf, fieldsOf, isoOf, numberOf, plainOf, textOf, statusTextOf } from './values';

const MONEY_PAGE = 10;
const AUDIT_PAGE = 25;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (plainOf(value) as Record<string, unknown>) : {};

/** The fields every money row has: the record, the customer's e-mail, the amount and the status. */
const moneyFields = (id: string, d: DocumentData, email: unknown) => ({
  id,
  email: textOf(email),
  ...amountOf(d.amount),
  status: statusTextOf(d.status)
});

/**
 * An investment's maturity and ROI due as its row shows them (src/shared/domain/maturity.ts), or
 * why they cannot be told; computed from what is stored, so every list and the live rows agree.
 */
function maturityFields(d: DocumentData) {
  const created = d.createdAt instanceof Timestamp ? d.createdAt.toDate() : d.createdAt;
  const maturity = maturityOf(created, d.duration);
  const owed = roiDueOf(d.amount, d.roi);
  const notes = [maturity, owed].flatMap((result) => (result.ok ? [] : [result.error.message]));
  return {
    maturesAt: maturity.ok ? maturity.value.toISOString() : null,
    roiDue: owed.ok ? fromCents(owed.value.roi) : null,
    maturityNote: notes.length ? notes.join(' ') : null,
    paidOutAt: isoOf(d.paidOutAt)
  };
}

/** Deposits, withdrawals and investments name the customer by id; deposits and withdrawals by name too. */
const owned = (d: DocumentData) => ({ userId: textOf(d.userId) });
const named = (d: DocumentData) => ({ ...owned(d), username: textOf(d.username) });
/** A deposit or a withdrawal: a named customer's money, paid in or out by the chain transaction `txid`. */
const chainPaid = (id: string, d: DocumentData, email: unknown) => ({ ...moneyFields(id, d, email), ...named(d), txid: textOf(d.txid) });

export const moneyRows: { [L in MoneyListName]: (id: string, d: DocumentData) => MoneyRows[L] } = {
  deposits: (id, d) => ({ ...chainPaid(id, d, d.userEmail), ...fieldsOf(d, { method: textOf, timestamp: isoOf, investmentId: textOf }) }),
  withdrawals: (id, d) => ({
    ...chainPaid(id, d, d.email),
    ...fieldsOf(d, { cryptoType: textOf, walletAddress: textOf, createdAt: isoOf, approvalRequestId: textOf })
  }),
  investments: (id, d) => ({
    ...moneyFields(id, d, d.email),
    ...owned(d),
    ...fieldsOf(d, { plan: textOf, roi: numberOf, duration: numberOf, createdAt: isoOf, approvalRequestId: textOf }),
    ...maturityFields(d)
  }),
  compoundInvestments: (id, d) => ({ ...moneyFields(id, d, d.email), ...fieldsOf(d, { plan: textOf, paytype: textOf, startAt: isoOf, endAt: isoOf }) })
};

const statuses: Record<MoneyListName, readonly string[]> = {
  deposits: depositStatuses,
  withdrawals: withdrawalStatuses,
  investments: investmentStatuses,
  compoundInvestments: compoundInvestmentStatuses
};

/** An access entry's facts (src/shared/domain/access.ts), or null for any other entry or an odd one. */
function accessOf(value: unknown): AuditRow['access'] {
  const a = value as Record<string, unknown> | null | undefined;
  if (!a || typeof a !== 'object') return null;
  const event = a.event === 'signIn' || a.event === 'signOut' || a.event === 'reauthenticate' ? a.event : null;
  if (!event || typeof a.email !== 'string') return null;
  return {
    event,
    email: a.email,
    result: a.result === 'refused' ? 'refused' : 'ok',
    detail: textOf(a.detail),
    occurredAt: textOf(a.occurredAt) ?? ''
  };
}

/** The deposits, withdrawals, investments and audit lists, as rows a screen can show. */
export function firestoreMoneyLists(db: Firestore): MoneyLists {
  return {
    list: (name, query) => readList(db, { list: lists[name], request: moneyRequest(query), pageSize: MONEY_PAGE, at: query, toRow: moneyRows[name] }),
    counts: async (name, filters) => {
      const counted = await countEach(db, lists[name], moneyRequest(filters), 'status', statuses[name]);
      return { all: counted.all, statuses: Object.fromEntries(statuses[name].map((s, i) => [s, counted.each[i] ?? 0])) };
    },
    // A users row; the contract's output schema keeps only the card's fields.
    customerCard: (id) =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(db, 'users', id));
        if (!snapshot.exists()) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
        return toCustomerRow(id, snapshot.data());
      }),
    audit: (query) =>
      readList(db, {
        list: lists.audit,
        request: { equal: { kind: query.kind ?? null, userId: query.userId ?? null, adminUid: query.adminUid ?? null } },
        pageSize: AUDIT_PAGE,
        at: query,
        toRow: (id, d) => ({
          id,
          at: isoOf(d.at),
          kind: textOf(d.kind) ?? '',
          action: textOf(d.action) ?? '',
          entityPath: textOf(d.entityPath) ?? '',
          summary: textOf(d.summary) ?? '',
          before: record(d.before),
          after: record(d.after),
          notes: Array.isArray(d.notes) ? d.notes.filter((n): n is string => typeof n === 'string') : [],
          reason: textOf(d.reason),
          warnings: Array.isArray(d.warnings) ? d.warnings.filter((w): w is string => typeof w === 'string') : [],
          overrideReason: textOf(d.overrideReason),
          access: accessOf(d.access),
          adminUid: textOf(d.adminUid),
          adminEmail: textOf(d.adminEmail)
        })
      })
  };
}
