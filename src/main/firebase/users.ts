import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  where,
  type DocumentData,
  type Firestore,
  type Query
} from 'firebase/firestore';
import type { UserRow } from '../../shared/contract';
import { USER_GONE_MESSAGE } from '../../shared/domain/users';
import { AppError } from '../../shared/result';
import type { UserRepository } from '../app/ports/userRepository';
import { mapFirebaseErrors } from './errors';
import { whereIn } from './inFilter';
import { countList, countWithField, readPage } from './paging';
import { isoOf, numberOf, textOf } from './values';

const USERS_PAGE = 100;
/** Documents one search may read in all, split over its prefix queries. */
const SEARCH_LIMIT = 20;
const REFERRALS_PAGE = 10;

export const toUserRow = (id: string, d: DocumentData): UserRow => ({
  id,
  fullname: textOf(d.fullname),
  email: textOf(d.email),
  balance: numberOf(d.balance),
  Totaldeposit: numberOf(d.Totaldeposit),
  Totalwithdrawal: numberOf(d.Totalwithdrawal),
  totalearnings: numberOf(d.totalearnings),
  TotalBonus: numberOf(d.TotalBonus),
  withdrawalLimit: numberOf(d.withdrawalLimit),
  withdrawalFeePercentage: numberOf(d.withdrawalFeePercentage),
  verified: d.verified === true,
  hasKyc: typeof d.kyc === 'object' && d.kyc !== null,
  timestamp: isoOf(d.timestamp)
});

const titleCase = (text: string): string => text.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (m) => m.toUpperCase());

/** Prefix match on an ordered string field: [text, text + the highest code point). */
const prefix = (ref: Query, field: string, text: string, max: number) =>
  query(ref, where(field, '>=', text), where(field, '<=', `${text}\uf8ff`), orderBy(field), limit(max));

/**
 * Users and referrals. `onQuery` is told about every query that reads documents, so tests
 * can prove the referral page does one batched lookup instead of one read per row.
 */
export function userRepository(db: Firestore, onQuery: (label: string) => void = () => undefined): UserRepository {
  const users = collection(db, 'users');

  const lookUpReferrers = async (referrerIds: string[]): Promise<Map<string, string>> => {
    const names = new Map<string, string>();
    const nameOf = (d: DocumentData) => textOf(d.fullname) || textOf(d.email) || 'Unknown';
    const asDocIds = [...new Set(referrerIds.filter((r) => r && !r.includes('/') && r.length <= 1500))];
    if (asDocIds.length > 0) {
      const found = await whereIn(users, documentId(), asDocIds, () => onQuery('referrers by document id'));
      for (const d of found) names.set(d.id, nameOf(d.data()));
    }
    // Some platforms store the referrer's referral code instead of the document id.
    const codes = [...new Set(referrerIds.filter((r) => r && !names.has(r)))];
    if (codes.length > 0) {
      const found = await whereIn(users, 'myReferralId', codes, () => onQuery('referrers by referral code'));
      for (const d of found) {
        const code = textOf(d.get('myReferralId'));
        if (code && !names.has(code)) names.set(code, nameOf(d.data()));
      }
    }
    return names;
  };

  return {
    // The counts come from users.count, so a page of rows never waits for two aggregations.
    list: (at) => {
      onQuery('users page');
      return readPage(db, { collection: 'users', orderField: 'timestamp', pageSize: USERS_PAGE, at, counts: false, toRow: toUserRow });
    },

    count: () => mapFirebaseErrors(() => countList(db, { collection: 'users', orderField: 'timestamp' })),

    search: (raw) =>
      mapFirebaseErrors(async () => {
        const text = raw.trim();
        const lower = text.toLowerCase();
        // E-mails are stored lower-case and names capitalised: search the forms that can match,
        // not every spelling of what was typed.
        const searches: [string, string][] = [['email', lower], ['fullname', titleCase(text)]];
        if (text !== lower && text !== titleCase(text)) searches.push(['fullname', text], ['email', text]);
        const perQuery = Math.floor(SEARCH_LIMIT / searches.length);
        const queries = searches.map(([field, value]) => prefix(users, field, value, perQuery));
        onQuery('user search');
        const results = await Promise.all(queries.map((q) => getDocs(q)));
        const rows = new Map<string, UserRow>();
        for (const result of results) for (const d of result.docs) rows.set(d.id, toUserRow(d.id, d.data()));
        return {
          rows: [...rows.values()],
          limit: SEARCH_LIMIT,
          queries: searches.map(([field, prefix], i) => ({ field, prefix, documents: results[i]?.size ?? 0 }))
        };
      }),

    countPasswordFields: () =>
      mapFirebaseErrors(() => countWithField(db, 'users', 'password')),

    kyc: (id) =>
      mapFirebaseErrors(async () => {
        const snapshot = await getDoc(doc(users, id));
        if (!snapshot.exists()) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
        const k = snapshot.get('kyc') as DocumentData | undefined;
        if (!k || typeof k !== 'object') throw new AppError('NOT_FOUND', 'This customer has not submitted KYC documents.');
        return {
          fullName: textOf(k.fullName),
          dob: isoOf(k.dob),
          idType: textOf(k.idType),
          idNumber: textOf(k.idNumber),
          country: textOf(k.country),
          address: textOf(k.address),
          expiryDate: isoOf(k.expiryDate),
          status: textOf(k.status),
          idFrontURL: textOf(k.idFrontURL) || null,
          idBackURL: textOf(k.idBackURL) || null,
          selfieURL: textOf(k.selfieURL) || null
        };
      }),

    referrals: (at) =>
      mapFirebaseErrors(async () => {
        onQuery('referrals page');
        const page = await readPage(db, {
          collection: 'referrals',
          orderField: 'timestamp',
          pageSize: REFERRALS_PAGE,
          at,
          toRow: (id, d) => ({ id, referrerId: textOf(d.referrerId) ?? '', name: textOf(d.name), email: textOf(d.email), timestamp: isoOf(d.timestamp) })
        });
        const names = await lookUpReferrers(page.rows.map((r) => r.referrerId));
        return {
          ...page,
          rows: page.rows.map((r) => ({
            id: r.id,
            referrerName: names.get(r.referrerId) ?? 'Unknown',
            clientName: r.name,
            clientEmail: r.email,
            clientStatus: 'Active' as const,
            timestamp: r.timestamp
          }))
        };
      })
  };
}
