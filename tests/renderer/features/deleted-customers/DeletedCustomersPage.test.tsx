// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeletedCustomerRow, Kyc } from '@shared/contract';
import { DeletedCustomersPage } from '@renderer/features/deleted-customers/DeletedCustomersPage';
import { setFormatPlace } from '@renderer/lib/format';

// The Deleted customers screen: the customers deleted from Manage Users, kept on record
// (archivedUsers) with the reason, when and by whom, their figures then, and their KYC.

beforeEach(() => setFormatPlace({ locale: 'en-US', timeZone: 'UTC' }));
afterEach(() => {
  cleanup();
  setFormatPlace(null);
  delete (window as unknown as { api?: unknown }).api;
});

const ok = <T,>(value: T) => ({ ok: true as const, value });

/** window.api with archivedUsers.list and .kyc; anything else answers UNAVAILABLE. */
function fakeApi(rows: DeletedCustomerRow[], kyc: Record<string, Kyc> = {}) {
  const list = vi.fn(async () => ok({ rows, nextCursor: null, total: rows.length, unlisted: 0 }));
  const kycOf = vi.fn(async ({ id }: { id: string }) =>
    kyc[id] ? ok(kyc[id]) : { ok: false as const, error: { code: 'NOT_FOUND', message: 'No KYC kept.' } }
  );
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'archivedUsers' ? { list, kyc: kycOf } : new Proxy({}, { get: () => unavailable })
    }
  );
  return { list, kyc: kycOf };
}

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/users/deleted']}>
        <DeletedCustomersPage />
      </MemoryRouter>
    </QueryClientProvider>
  );

const archived = (over: Partial<DeletedCustomerRow>): DeletedCustomerRow => ({
  id: 'u1',
  fullname: 'Olivia Martin',
  email: 'olivia@example.com',
  reason: 'Asked to close the account.',
  deletedAt: '2024-03-01T10:00:00.000Z',
  retainUntil: '2031-03-01T00:00:00.000Z',
  adminEmail: 'ana@ledger.test',
  force: false,
  balance: 12.5,
  Totaldeposit: 1500,
  Totalwithdrawal: 1487.5,
  totalearnings: 40,
  TotalBonus: 0,
  withdrawalLimit: 5000,
  withdrawalFeePercentage: 2,
  verified: true,
  hasKyc: true,
  kycStatus: 'approved',
  ...over
});

const olivia = archived({});
const carl = archived({
  id: 'u2',
  fullname: 'Carl Stone',
  email: 'carl@example.com',
  reason: 'Fraud confirmed by the bank.\nChargebacks on three deposits.',
  deletedAt: '2024-02-14T16:45:00.000Z',
  retainUntil: '2031-02-14T00:00:00.000Z',
  adminEmail: null,
  force: true,
  balance: 310,
  Totaldeposit: 2000.25,
  Totalwithdrawal: 0,
  hasKyc: false,
  kycStatus: null
});

const oliviaKyc: Kyc = {
  fullName: 'Olivia Anne Martin',
  idType: 'Passport',
  idNumber: 'P1234567',
  country: 'Ireland',
  address: '1 Harbour Road, Dublin',
  status: 'approved',
  idFrontURL: 'https://storage.example.com/kyc/u1/front.jpg',
  idBackURL: null,
  selfieURL: 'https://storage.example.com/kyc/u1/selfie.jpg',
  dob: '1990-05-04T00:00:00.000Z',
  expiryDate: '2030-01-01T00:00:00.000Z'
};

/** ICU writes a narrow no-break space before AM/PM; the eye reads a space. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** A row's cells, named by their column headers. */
async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Deleted customers, newest deletion first' }, { timeout: 5000 });
  const row = (await within(table).findByText(name)).closest('tr')!;
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const cells = within(row).getAllByRole('cell');
  return (header: string) => cells[headers.indexOf(header)]!;
}

/** Balance, Total deposit and Total withdrawal as a row's figures cell shows them, each beside its label. */
const figuresIn = (cell: HTMLElement) =>
  ['Balance', 'Total deposit', 'Total withdrawal'].map((label) => within(cell).getByText(label).nextElementSibling!.textContent);

describe('the Deleted customers screen', () => {
  it('shows each customer with the reason, when and by whom, their figures when deleted and until when they are kept', async () => {
    fakeApi([olivia, carl]);
    show();

    const first = await rowOf('Olivia Martin');
    expect(first('Customer').textContent).toContain('olivia@example.com');
    expect(first('Reason').textContent).toBe('Asked to close the account.');
    expect(plain(first('Deleted').textContent)).toBe('Mar 1, 2024, 10:00 AM UTCana@ledger.test');
    expect(figuresIn(first('Figures when deleted'))).toEqual(['$12.50', '$1,500.00', '$1,487.50']);
    expect(first('Kept until').textContent).toBe('March 1, 2031');
    expect(within(first('KYC')).getByRole('button', { name: 'View KYC' })).toBeTruthy();

    const second = await rowOf('Carl Stone');
    // The reason whole, its lines kept.
    expect(second('Reason').textContent).toBe('Fraud confirmed by the bank.\nChargebacks on three deposits.');
    expect(plain(second('Deleted').textContent)).toBe('Feb 14, 2024, 4:45 PM UTCUnknown administrator · deleted anyway');
    expect(figuresIn(second('Figures when deleted'))).toEqual(['$310.00', '$2,000.25', '$0.00']);
    expect(second('Kept until').textContent).toBe('February 14, 2031');
    expect(second('KYC').textContent).toBe('None');
    expect(within(second('KYC')).queryByRole('button')).toBeNull();
  });

  it('View KYC opens the KYC kept for that customer (archivedUsers.kyc), read only', async () => {
    const api = fakeApi([olivia, carl], { u1: oliviaKyc });
    show();
    const first = await rowOf('Olivia Martin');
    await userEvent.setup().click(within(first('KYC')).getByRole('button', { name: 'View KYC' }));

    const dialog = await screen.findByRole('dialog', { name: 'KYC kept · Olivia Martin' });
    expect(plain(dialog.textContent)).toContain('Deleted Mar 1, 2024, 10:00 AM UTC; kept until March 1, 2031.');
    expect(await within(dialog).findByText('Olivia Anne Martin')).toBeTruthy();
    expect(within(dialog).getByText('P1234567')).toBeTruthy();
    expect(within(dialog).getByText('Passport')).toBeTruthy();
    expect(within(dialog).getByText('1 Harbour Road, Dublin')).toBeTruthy();
    const documents = within(dialog).getByRole('region', { name: 'Documents' });
    expect((within(documents).getByRole('img', { name: 'ID front' }) as HTMLImageElement).src).toBe(oliviaKyc.idFrontURL);
    expect(within(documents).getByRole('img', { name: 'No image provided' })).toBeTruthy();
    expect((within(documents).getByRole('img', { name: 'Selfie' }) as HTMLImageElement).src).toBe(oliviaKyc.selfieURL);
    expect(api.kyc).toHaveBeenCalledExactlyOnceWith({ id: 'u1' });
    // Nothing on it changes the record.
    expect(within(dialog).queryByRole('button', { name: /Approve|Reject|Delete/ })).toBeNull();
  });

  it('with nobody deleted: says so', async () => {
    const api = fakeApi([]);
    show();
    expect(await screen.findByRole('heading', { name: 'No deleted customers' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('A customer deleted from Manage Users is kept here.')).toBeTruthy();
    await waitFor(() => expect(api.list).toHaveBeenCalledOnce());
  });
});
