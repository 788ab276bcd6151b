import { doc, type DocumentData, type Firestore } from 'firebase/firestore';
import { readDoc } from './reads';
import { lists } from '../../shared/queries/lists';
import type { DeletedCustomerRow } from '../../shared/schemas/reconciliation';
import { AppError } from '../../shared/result';
import type { ArchivedUsers } from '../../core/ports/archivedUsers';
import { mapFirebaseErrors } from './errors';
import { readList } from './listQuery';
import { kycOf, toCustomerRow } from './userRepository';
import { isoOf, textOf } from './values';

const ARCHIVED_PAGE = 25;
const GONE = 'No deleted customer is kept with this id.';

/** A kept customer as the list shows them: the reason and the deletion, and their figures as they were. */
const toArchivedRow = (id: string, d: DocumentData): DeletedCustomerRow => {
  const user = (d.user && typeof d.user === 'object' ? d.user : {}) as DocumentData;
  const { timestamp: _joined, ...figures } = toCustomerRow(id, user);
  return {
    ...figures,
    fullname: textOf(d.fullname) ?? figures.fullname,
    email: textOf(d.email) ?? figures.email,
    reason: textOf(d.reason),
    deletedAt: isoOf(d.deletedAt),
    retainUntil: isoOf(d.retainUntil),
    adminEmail: textOf(d.adminEmail),
    force: d.force === true
  };
};

export function firestoreArchivedUsers(db: Firestore): ArchivedUsers {
  const read = async (id: string): Promise<DocumentData> => {
    const snapshot = await readDoc(doc(db, 'archivedUsers', id));
    if (!snapshot.exists()) throw new AppError('NOT_FOUND', GONE);
    return snapshot.data();
  };
  return {
    list: (at) => readList(db, { list: lists.archivedUsers, request: {}, pageSize: ARCHIVED_PAGE, at, toRow: toArchivedRow }),
    get: (id) => mapFirebaseErrors(async () => toArchivedRow(id, await read(id))),
    kyc: (id) =>
      mapFirebaseErrors(async () => {
        const kyc = ((await read(id)).user as DocumentData | undefined)?.kyc as DocumentData | undefined;
        if (!kyc || typeof kyc !== 'object') throw new AppError('NOT_FOUND', 'This customer had not submitted KYC documents.');
        return kycOf(kyc);
      })
  };
}
