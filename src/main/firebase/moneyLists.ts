import { doc, getDoc, where, type DocumentData, type Firestore } from 'firebase/firestore';
import { USER_GONE_MESSAGE } from '../../shared/domain/users';
import { AppError } from '../../shared/result';
import type { MoneyLists } from '../app/ports/moneyLists';
import type { PageAt } from '../app/ports/paging';
import { mapFirebaseErrors } from './errors';
import { toUserRow } from './users';
import { readPage } from './paging';
import { amountOf, isoOf, numberOf, plainOf, textOf, statusTextOf } from './values';

const MONEY_PAGE = 10;
const AUDIT_PAGE = 25;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (plainOf(value) as Record<string, unknown>) : {};

/** A money list: newest first by `orderField`, MONEY_PAGE rows a page. */
const moneyList =
  <Row>(db: Firestore, collection: string, orderField: string, toRow: (id: string, d: DocumentData) => Row) =>
  (at: PageAt) =>
    readPage(db, { collection, orderField, pageSize: MONEY_PAGE, at, toRow });

/** The fields every money row has: the record, the customer's e-mail, the amount and the status. */
const moneyFields = (id: string, d: DocumentData, email: unknown) => ({
  id,
  email: textOf(email),
  ...amountOf(d.amount),
  status: statusTextOf(d.status)
});

/** Deposits and withdrawals also name the customer by id and by name. */
const customerFields = (d: DocumentData) => ({ userId: textOf(d.userId), username: textOf(d.username) });

/** The deposits, withdrawals, investments and audit lists, as rows a screen can show. */
export function moneyLists(db: Firestore): MoneyLists {
  return {
    deposits: moneyList(db, 'deposits', 'timestamp', (id, d) => ({
      ...moneyFields(id, d, d.userEmail),
      ...customerFields(d),
      method: textOf(d.method),
      timestamp: isoOf(d.timestamp),
      investmentId: textOf(d.investmentId)
    })),
    withdrawals: moneyList(db, 'withdrawals', 'createdAt', (id, d) => ({
      ...moneyFields(id, d, d.email),
      ...customerFields(d),
      cryptoType: textOf(d.cryptoType),
      walletAddress: textOf(d.walletAddress),
      createdAt: isoOf(d.createdAt)
    })),
    investments: moneyList(db, 'investments', 'createdAt', (id, d) => ({
      ...moneyFields(id, d, d.email),
      plan: textOf(d.plan),
      roi: numberOf(d.roi),
      duration: numberOf(d.duration),
      createdAt: isoOf(d.createdAt)
    })),
    compoundInvestments: moneyList(db, 'compoundInvest', 'startAt', (id, d) => ({
      ...moneyFields(id, d, d.email),
      plan: textOf(d.plan),
      paytype: textOf(d.paytype),
      startAt: isoOf(d.startAt),
      endAt: isoOf(d.endAt)
    })),
    // A users row; the contract's output schema keeps only the card's fields.
    userCard: (id) =>
      mapFirebaseErrors(async () => {
        const snapshot = await getDoc(doc(db, 'users', id));
        if (!snapshot.exists()) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
        return toUserRow(id, snapshot.data());
      }),
    audit: (kind, at) =>
      readPage(db, {
        collection: 'auditLog',
        orderField: 'at',
        pageSize: AUDIT_PAGE,
        at,
        filters: kind ? [where('kind', '==', kind)] : [],
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
          adminEmail: textOf(d.adminEmail)
        })
      })
  };
}
