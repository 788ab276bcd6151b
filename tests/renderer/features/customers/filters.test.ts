import { describe, expect, it } from 'vitest';
import type { CustomerRow } from '@shared/contract';
import {
  ALL_CUSTOMERS,
  captionOf,
  exportNameOf,
  inView,
  isKycQueue,
  KYC_QUEUE,
  kycReason,
  searchOf,
  unlistableReason,
  usersInput,
  viewOf
} from '@renderer/features/customers/filters';

const view = (search: string) => viewOf(new URLSearchParams(search));

describe('the users list view in the URL', () => {
  it('reads the filters and order, ignoring what it does not know', () => {
    expect(view('')).toEqual(ALL_CUSTOMERS);
    expect(view('verified=no&kyc=pending&order=largest')).toEqual({ verified: false, kyc: 'pending', order: 'largest' });
    expect(view('verified=maybe&kyc=lost&order=sideways')).toEqual(ALL_CUSTOMERS);
  });

  it('writes one link per view, which reads back as the same view', () => {
    expect(searchOf(ALL_CUSTOMERS)).toBe('');
    expect(searchOf(KYC_QUEUE)).toBe('?kyc=pending&order=oldest');
    for (const search of ['?verified=yes', '?verified=no&kyc=approved&order=largest', '?kyc=rejected&order=oldest']) {
      expect(searchOf(view(search))).toBe(search);
    }
  });

  it('the KYC queue is KYC pending, oldest first, nothing else', () => {
    expect(isKycQueue(view('kyc=pending&order=oldest'))).toBe(true);
    expect(isKycQueue(view('kyc=pending'))).toBe(false);
    expect(isKycQueue(view('kyc=pending&order=oldest&verified=no'))).toBe(false);
  });

  it('asks the list method only for the filters set', () => {
    expect(usersInput(ALL_CUSTOMERS)).toEqual({ order: 'newest' });
    expect(usersInput({ verified: false, kyc: 'pending', order: 'oldest' })).toEqual({ verified: false, kyc: 'pending', order: 'oldest' });
  });

  it('customers without KYC are counted, never listed: the reason comes from the list description', () => {
    expect(kycReason('none')).toMatch(/^Firestore cannot list records by a missing field/);
    expect(kycReason('pending')).toBeNull();
    expect(unlistableReason(view('kyc=none&verified=yes'))).toBe(kycReason('none'));
    expect(unlistableReason(KYC_QUEUE)).toBeNull();
  });

  it('names the view in the caption and the export file', () => {
    expect(captionOf(ALL_CUSTOMERS)).toBe('Customers, newest first');
    expect(captionOf(KYC_QUEUE)).toBe('Customers, KYC pending, oldest first');
    expect(exportNameOf(ALL_CUSTOMERS)).toBe('customers');
    expect(exportNameOf(KYC_QUEUE)).toBe('customers-kyc-pending-oldest-first');
    expect(exportNameOf(view('verified=no&order=largest'))).toBe('customers-not-verified-highest-balance-first');
  });

  it('a customer found by searching all customers shows only if the filters would list them', () => {
    const row = { id: 'u1', verified: false, hasKyc: true, kycStatus: 'pending' } as CustomerRow;
    expect(inView(row, KYC_QUEUE)).toBe(true);
    expect(inView(row, view('verified=yes'))).toBe(false);
    expect(inView(row, view('kyc=approved'))).toBe(false);
    expect(inView({ ...row, hasKyc: false, kycStatus: null }, view('kyc=none'))).toBe(true);
  });
});
