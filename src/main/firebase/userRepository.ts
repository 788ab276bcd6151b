import { collection, doc, documentId, limit, orderBy, query, where, type DocumentData, type Firestore, type Query } from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import type { Kyc, CustomerProfile, CustomerRow } from '../../shared/contract';
import { adjustableFields, USER_GONE_MESSAGE, type AdjustableField } from '../../shared/domain/users';
import { AppError } from '../../shared/result';
import { idProblem } from '../../shared/schemas/common';
import type { UserRepository } from '../../core/ports/userRepository';
import { mapFirebaseErrors } from './errors';
import { whereIn } from './inFilter';
import { countWithField } from './counting';
import { countEach, countList, countMatching, readList } from './listQuery';
import { suspensionOf } from '../../shared/domain/suspension';
import { lists } from '../../shared/queries/lists';
import type { CustomersFilters } from '../../core/ports/userRepository';
import { fieldsOf, isoOf, numberOf, textOf } from './values';

const USERS_PAGE = 100;
/** Documents one search may read in all, split over its prefix queries. */
const SEARCH_LIMIT = 20;
const REFERRALS_PAGE = 10;
const KYC_DECISIONS = ['pending', 'approved', 'rejected', 'resubmissionRequested'] as const;

/**
 * The list and request a users view reads: "expired" is approved KYC whose expiry date is before
 * now, listed by that date (src/shared/queries/lists.ts expiredKyc); anything else by its own order.
 */
const usersRead = (filters: CustomersFilters, now = new Date()) =>
  filters.kyc === 'expired'
    ? { list: lists.expiredKyc, request: { equal: { verified: filters.verified ?? null, kyc: 'approved' }, to: now.toISOString(), order: 'oldest' as const } }
    : { list: lists.users, request: { equal: { verified: filters.verified ?? null, kyc: filters.kyc ?? null }, order: filters.order ?? 'newest' } };

/** The figures the administrator may adjust, each read as a number (null when it is not one). */
const figureReaders = Object.fromEntries(adjustableFields.map((field) => [field, numberOf])) as Record<AdjustableField, typeof numberOf>;

export const toCustomerRow = (id: string, d: DocumentData): CustomerRow => ({
  id,
  fullname: textOf(d.fullname),
  email: textOf(d.email),
  ...fieldsOf(d, figureReaders),
  verified: d.verified === true,
  hasKyc: typeof d.kyc === 'object' && d.kyc !== null,
  kycStatus: typeof d.kyc === 'object' && d.kyc !== null ? textOf((d.kyc as DocumentData).status) : null,
  kycExpiryDate: typeof d.kyc === 'object' && d.kyc !== null ? isoOf((d.kyc as DocumentData).expiryDate) : null,
  suspended: d.suspended === true,
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
/** The KYC object as View KYC shows it, a current customer's or a deleted one's (archivedUsers). */
export const kycOf = (k: DocumentData): Kyc => ({
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
});

export function firestoreUserRepository(db: Firestore, onQuery: (label: string) => void = () => undefined): UserRepository {
  const users = collection(db, 'users');

  /** The customer each referrer id or code names: their document id and name. */
  const lookUpReferrers = async (referrerIds: string[]): Promise<Map<string, { id: string; name: string }>> => {
    const names = new Map<string, { id: string; name: string }>();
    const nameOf = (id: string, d: DocumentData) => ({ id, name: textOf(d.fullname) || textOf(d.email) || 'Unknown' });
    // Only text that can be a document id: Firestore refuses the whole query for one '..' or '__x__'.
    const asDocIds = [...new Set(referrerIds.filter((r) => r && !idProblem(r)))];
    if (asDocIds.length > 0) {
      const found = await whereIn(users, documentId(), asDocIds, () => onQuery('referrers by document id'));
      for (const d of found) names.set(d.id, nameOf(d.id, d.data()));
    }
    // Some platforms store the referrer's referral code instead of the document id.
    const codes = [...new Set(referrerIds.filter((r) => r && !names.has(r)))];
    if (codes.length > 0) {
      const found = await whereIn(users, 'myReferralId', codes, () => onQuery('referrers by referral code'));
      for (const d of found) {
        const code = textOf(d.get('myReferralId'));
        if (code && !names.has(code)) names.set(code, nameOf(d.id, d.data()));
      }
    }
    return names;
  };

  return {
    // The counts come from users.count, so a page of rows never waits for two aggregations.
    list: (query) => {
      onQuery('users page');
      return readList(db, { ...usersRead(query), pageSize: USERS_PAGE, at: query, counts: false, toRow: toCustomerRow });
    },

    count: (filters) => {
      const { list, request } = usersRead(filters);
      return countList(db, list, request);
    },

    suspendedAmong: ({ ids = [], emails = [] }) =>
      mapFirebaseErrors(async () => {
        // Only suspended customers are returned, so a page of 100 usually reads nothing but the queries' minimum.
        const suspended = query(users, where('suspended', '==', true));
        const [byId, byEmail] = await Promise.all([whereIn(suspended, documentId(), ids), whereIn(suspended, 'email', emails)]);
        return { ids: byId.map((d) => d.id), emails: byEmail.map((d) => textOf(d.get('email')) ?? '').filter(Boolean) };
      }),

    verificationCounts: () =>
      mapFirebaseErrors(async () => {
        const expiredRead = usersRead({ kyc: 'expired' });
        const [kyc, verified, expired] = await Promise.all([
          countEach(db, lists.users, {}, 'kyc', KYC_DECISIONS),
          countEach(db, lists.users, {}, 'verified', [true, false]),
          countMatching(db, expiredRead.list, expiredRead.request)
        ]);
        const [pending = 0, approved = 0, rejected = 0, resubmissionRequested = 0] = kyc.each;
        return {
          all: kyc.all,
          verified: { yes: verified.each[0] ?? 0, no: verified.each[1] ?? 0 },
          // Firestore cannot count a missing field: customers without KYC are the rest.
          kyc: {
            none: Math.max(0, kyc.all - pending - approved - rejected - resubmissionRequested),
            pending,
            approved,
            rejected,
            resubmissionRequested,
            expired
          }
        };
      }),

    profile: (id) =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(users, id));
        if (!snapshot.exists()) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
        const d = snapshot.data();
        const code = textOf(d.referreduserid);
        let referredBy: CustomerProfile['referredBy'] = null;
        if (code) {
          // The platform stores the referrer's referral code; some older records hold their id.
          const byCode = await readDocs(query(users, where('myReferralId', '==', code), limit(2)));
          // Only a code that can be a document id is looked up as one ('..' or '__x__' would be refused by Firestore).
          const referrer = byCode.size === 1 ? byCode.docs[0] : idProblem(code) ? undefined : await readDoc(doc(users, code));
          referredBy =
            referrer && referrer.exists()
              ? { code, id: referrer.id, name: textOf(referrer.get('fullname')) ?? textOf(referrer.get('email')) }
              : { code, id: null, name: null };
        }
        return { ...toCustomerRow(id, d), suspension: suspensionOf(d), referralCode: textOf(d.myReferralId), referredBy };
      }),

    search: (raw) =>
      mapFirebaseErrors(async () => {
        const text = raw.trim();
        const lower = text.toLowerCase();
        // E-mails are stored lower-case and names capitalised: search the forms that can match,
        // not every spelling of what was typed.
        const searches: [string, string][] = [
          ['email', lower],
          ['fullname', titleCase(text)]
        ];
        if (text !== lower && text !== titleCase(text)) searches.push(['fullname', text], ['email', text]);
        const perQuery = Math.floor(SEARCH_LIMIT / searches.length);
        const queries = searches.map(([field, value]) => prefix(users, field, value, perQuery));
        onQuery('user search');
        const results = await Promise.all(queries.map((q) => readDocs(q)));
        const rows = new Map<string, CustomerRow>();
        for (const result of results) for (const d of result.docs) rows.set(d.id, toCustomerRow(d.id, d.data()));
        return {
          rows: [...rows.values()],
          limit: SEARCH_LIMIT,
          queries: searches.map(([field, prefix], i) => ({ field, prefix, documents: results[i]?.size ?? 0 }))
        };
      }),

    countPasswordFields: () => mapFirebaseErrors(() => countWithField(db, 'users', 'password')),

    kyc: (id) =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(users, id));
        if (!snapshot.exists()) throw new AppError('NOT_FOUND', USER_GONE_MESSAGE);
        const k = snapshot.get('kyc') as DocumentData | undefined;
        if (!k || typeof k !== 'object') throw new AppError('NOT_FOUND', 'This customer has not submitted KYC documents.');
        return kycOf(k);
      }),

    referrals: (at) =>
      mapFirebaseErrors(async () => {
        onQuery('referrals page');
        // Id and code, each once (a code may equal the id): one in-filter of at most two values.
        const referrer = at.referrer ? [...new Set([at.referrer.userId, ...(at.referrer.code ? [at.referrer.code] : [])])] : null;
        const page = await readList(db, {
          list: lists.referrals,
          request: { equal: { referrer } },
          pageSize: REFERRALS_PAGE,
          at,
          toRow: (id, d) => ({ id, referrerId: textOf(d.referrerId) ?? '', name: textOf(d.name), email: textOf(d.email), timestamp: isoOf(d.timestamp) })
        });
        // One referrer's own list (their page) knows who they are: no lookup, no extra read.
        const one = at.referrer?.userId;
        const names = one ? new Map<string, { id: string; name: string }>() : await lookUpReferrers(page.rows.map((r) => r.referrerId));
        return {
          ...page,
          rows: page.rows.map((r) => ({
            id: r.id,
            referrerName: one ? null : (names.get(r.referrerId)?.name ?? 'Unknown'),
            referrerUserId: one ?? names.get(r.referrerId)?.id ?? null,
            clientName: r.name,
            clientEmail: r.email,
            clientStatus: 'Active' as const,
            timestamp: r.timestamp
          }))
        };
      })
  };
}
