import { doc, getDoc, where, type Firestore } from 'firebase/firestore';
import { USER_GONE_MESSAGE } from '../../shared/domain/users';
import { AppError } from '../../shared/result';
import type { MoneyLists } from '../app/ports/moneyLists';
import { mapFirebaseErrors } from './errors';
import { toUserRow } from './users';
import { readPage } from './paging';
import { amountOf, isoOf, numberOf, plainOf, textOf, statusTextOf } from './values';

const MONEY_PAGE = 10;
const AUDIT_PAGE = 25;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (plainOf(value) as Record<string, unknown>) : {};

/** The deposits, withdrawals, investments and audit lists, as rows a screen can show. */
export function moneyLists(db: Firestore): MoneyLists {
  return {
    deposits: (at) =>
      readPage(db, {
        collection: 'deposits',
        orderField: 'timestamp',
        pageSize: MONEY_PAGE,
        at,
        toRow: (id, d) => ({
          id,
          userId: textOf(d.userId),
          email: textOf(d.userEmail),
          username: textOf(d.username),
          method: textOf(d.method),
          ...amountOf(d.amount),
          timestamp: isoOf(d.timestamp),
          status: statusTextOf(d.status),
          investmentId: textOf(d.investmentId)
        })
      }),
    withdrawals: (at) =>
      readPage(db, {
        collection: 'withdrawals',
        orderField: 'createdAt',
        pageSize: MONEY_PAGE,
        at,
        toRow: (id, d) => ({
          id,
          userId: textOf(d.userId),
          email: textOf(d.email),
          username: textOf(d.username),
          ...amountOf(d.amount),
          cryptoType: textOf(d.cryptoType),
          walletAddress: textOf(d.walletAddress),
          status: statusTextOf(d.status),
          createdAt: isoOf(d.createdAt)
        })
      }),
    investments: (at) =>
      readPage(db, {
        collection: 'investments',
        orderField: 'createdAt',
        pageSize: MONEY_PAGE,
        at,
        toRow: (id, d) => ({
          id,
          email: textOf(d.email),
          plan: textOf(d.plan),
          roi: numberOf(d.roi),
          duration: numberOf(d.duration),
          ...amountOf(d.amount),
          createdAt: isoOf(d.createdAt),
          status: statusTextOf(d.status)
        })
      }),
    compoundInvestments: (at) =>
      readPage(db, {
        collection: 'compoundInvest',
        orderField: 'startAt',
        pageSize: MONEY_PAGE,
        at,
        toRow: (id, d) => ({
          id,
          email: textOf(d.email),
          plan: textOf(d.plan),
          ...amountOf(d.amount),
          paytype: textOf(d.paytype),
          status: statusTextOf(d.status),
          startAt: isoOf(d.startAt),
          endAt: isoOf(d.endAt)
        })
      }),
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
