import { expect, type Locator, type Page } from '@playwright/test';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { buildDemoData } from '../../../tools/devenv/seed';
import type { Shell } from './pages';

// ---- Test data: customers written straight into the emulator with firebase-admin.

let appCount = 0;

/** A short-lived firebase-admin app against the run's Firestore emulator (set by the global setup). */
export async function withFirestore<T>(fn: (db: Firestore) => Promise<T>): Promise<T> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('FIRESTORE_EMULATOR_HOST is not set: run through the e2e global setup.');
  process.env.METADATA_SERVER_DETECTION = 'none';
  const projectId = process.env.GCLOUD_PROJECT ?? 'demo-ledgerdesk';
  const app = initializeApp({ projectId }, `ledgerdesk-e2e-customers-${process.pid}-${++appCount}`);
  try {
    return await fn(getFirestore(app));
  } finally {
    await deleteApp(app);
  }
}

export interface TestCustomer {
  id: string;
  fullname: string;
  email: string;
}

const DAY = 86_400_000;

/** A customer document as the platform writes it; figures default to zero. */
export function customerDoc(customer: TestCustomer, options: { ageMs?: number; balance?: number; verified?: boolean; kyc?: DocumentData } = {}) {
  return {
    fullname: customer.fullname,
    email: customer.email,
    balance: options.balance ?? 0,
    Totaldeposit: 0,
    Totalwithdrawal: 0,
    totalearnings: 0,
    TotalBonus: 0,
    withdrawalLimit: 5000,
    withdrawalFeePercentage: 2,
    verified: options.verified ?? false,
    timestamp: Timestamp.fromMillis(Date.now() - (options.ageMs ?? 0)),
    myReferralId: `E2E${customer.id.slice(-6).toUpperCase()}`,
    ...(options.kyc ? { kyc: options.kyc } : {})
  };
}

/** Writes (or rewrites) customers by id, so a test always starts from the same figures. */
export async function putCustomers(entries: Array<[TestCustomer, ReturnType<typeof customerDoc>]>): Promise<void> {
  await withFirestore(async (db) => {
    for (let i = 0; i < entries.length; i += 400) {
      const batch = db.batch();
      for (const [customer, data] of entries.slice(i, i + 400)) batch.set(db.collection('users').doc(customer.id), data);
      await batch.commit();
    }
  });
}

/** A figure as stored, to prove that nothing was sent. */
export const storedField = (id: string, field: string) => withFirestore(async (db) => (await db.collection('users').doc(id).get()).get(field) as unknown);

export const customerExists = (id: string) => withFirestore(async (db) => (await db.collection('users').doc(id).get()).exists);

/**
 * Pending deposits and withdrawals of a customer, dated a year back so they sit at the end of the
 * money lists other specs read; answers a function that removes them again.
 */
export async function putPendingRequests(customer: TestCustomer, counts: { deposits: number; withdrawals: number }): Promise<() => Promise<void>> {
  const at = Timestamp.fromMillis(Date.now() - 365 * DAY);
  const written: string[] = [];
  await withFirestore(async (db) => {
    const batch = db.batch();
    for (let i = 0; i < counts.deposits; i++) {
      const ref = db.collection('deposits').doc(`${customer.id}-deposit-${i}`);
      batch.set(ref, {
        userId: customer.id,
        userEmail: customer.email,
        username: customer.fullname,
        method: 'Bitcoin',
        amount: 100,
        timestamp: at,
        status: 'pending'
      });
      written.push(ref.path);
    }
    for (let i = 0; i < counts.withdrawals; i++) {
      const ref = db.collection('withdrawals').doc(`${customer.id}-withdrawal-${i}`);
      batch.set(ref, {
        userId: customer.id,
        email: customer.email,
        username: customer.fullname,
        amount: 50,
        cryptoType: 'BTC',
        walletAddress: 'bc1qexample',
        createdAt: at,
        status: 'pending'
      });
      written.push(ref.path);
    }
    await batch.commit();
  });
  return () => withFirestore(async (db) => void (await Promise.all(written.map((path) => db.doc(path).delete()))));
}

/** The e-mails of the customers whose KYC is pending, oldest sign-up first: the KYC queue as Firestore orders it. */
export const kycQueueEmails = () =>
  withFirestore(async (db) =>
    (await db.collection('users').where('kyc.status', '==', 'pending').orderBy('timestamp', 'asc').get()).docs.map((d) => d.get('email') as string)
  );

/** How many customers are (not) verified, counted by Firestore. */
export const verifiedCount = (verified: boolean) =>
  withFirestore(async (db) => (await db.collection('users').where('verified', '==', verified).count().get()).data().count);

/** The audit entries about one customer (entityPath users/{id}). */
export const auditEntriesFor = (id: string) =>
  withFirestore(async (db) => (await db.collection('auditLog').where('entityPath', '==', `users/${id}`).get()).docs.map((d) => ({ id: d.id, ...d.data() })));

/**
 * Sixty older customers (four to five months) and one much older target behind them: with the 61
 * demo customers in front, the target sits past the first page of 100.
 */
export const FAR_CUSTOMER: TestCustomer = { id: 'e2e-far-customer', fullname: 'Quentin Farrowdale', email: 'quentin.farrowdale@example.org' };

export async function putCustomersBeyondFirstPage(): Promise<void> {
  const fillers = Array.from({ length: 60 }, (_, i): [TestCustomer, ReturnType<typeof customerDoc>] => {
    const n = String(i + 1).padStart(3, '0');
    const customer = { id: `e2e-older-${n}`, fullname: `Older Customer ${n}`, email: `older.customer.${n}@example.org` };
    return [customer, customerDoc(customer, { ageMs: (120 + i) * DAY, balance: 10 })];
  });
  await putCustomers([...fillers, [FAR_CUSTOMER, customerDoc(FAR_CUSTOMER, { ageMs: 400 * DAY, balance: 42.5 })]]);
}

const incomplete = {
  /** The seed's third KYC submission has no back of the ID. */
  noIdBack: (kyc: DocumentData) => kyc.idBackURL === '',
  /** The first has no date of birth. */
  noDob: (kyc: DocumentData) => !('dob' in kyc),
  /** The second has no expiry date. */
  noExpiry: (kyc: DocumentData) => !('expiryDate' in kyc)
};

/** A demo customer whose KYC submission is incomplete in the given way (the seed is deterministic). */
export function demoKycCustomer(which: keyof typeof incomplete): { fullname: string; email: string; kyc: DocumentData } {
  const user = buildDemoData(Date.now()).docs.find(
    (d) => d.collection === 'users' && typeof d.data.kyc === 'object' && d.data.kyc !== null && incomplete[which](d.data.kyc as DocumentData)
  );
  if (!user) throw new Error(`The demo data has no KYC submission matching "${which}".`);
  return { fullname: user.data.fullname as string, email: user.data.email as string, kyc: user.data.kyc as DocumentData };
}

const calendarDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** A KYC date as the screen shows it: "April 11, 2003". */
export const kycDate = (value: unknown): string => (value instanceof Timestamp ? calendarDate.format(value.toDate()) : 'N/A');

/** Referral rows in the seed whose referrer matches no customer (they must show "Unknown"). */
export function demoReferralCounts(): { total: number; unknown: number; named: Array<{ referrer: string; client: string }> } {
  const { docs } = buildDemoData(Date.now());
  const users = docs.filter((d) => d.collection === 'users');
  const nameOf = (referrerId: string) => {
    const user = users.find((u) => u.id === referrerId || u.data.myReferralId === referrerId);
    return user ? (user.data.fullname as string) : null;
  };
  const referrals = docs.filter((d) => d.collection === 'referrals');
  const named: Array<{ referrer: string; client: string }> = [];
  let unknown = 0;
  for (const r of referrals) {
    const referrer = nameOf(r.data.referrerId as string);
    if (referrer) named.push({ referrer, client: r.data.name as string });
    else unknown += 1;
  }
  return { total: referrals.length, unknown, named };
}

// ---- Page objects

const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });

export const USER_COLUMNS = ['Name', 'Email', 'Balance', 'Total Deposit', 'Total Withdrawal', 'Total Earnings', 'Total Bonus', 'Verified', 'Actions'];

/** One customer's row, found by e-mail. */
export class CustomerRow {
  constructor(
    readonly page: Page,
    readonly root: Locator
  ) {}

  cell(header: string): Locator {
    const index = USER_COLUMNS.indexOf(header);
    if (index < 0) throw new Error(`No column "${header}"`);
    return this.root.getByRole('cell').nth(index);
  }

  /** View KYC, named by the submission's status ("View KYC (pending)"). */
  get kycButton(): Locator {
    return this.root.getByRole('button', { name: /^View KYC/ });
  }

  get verifiedSwitch(): Locator {
    return this.root.getByRole('switch', { name: 'Verified' });
  }

  async manage(): Promise<ManageDialog> {
    await this.root.getByRole('button', { name: 'Manage' }).click();
    const dialog = new ManageDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async viewKyc(): Promise<KycDialog> {
    await this.root.getByRole('button', { name: 'View KYC' }).click();
    const dialog = new KycDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  async delete(): Promise<Locator> {
    await this.root.getByRole('button', { name: 'Delete' }).click();
    const question = this.page.getByRole('alertdialog');
    await expect(question).toBeVisible();
    return question;
  }

  /** Delete, a reason, "Yes, delete it!", and the second question the host's refusal brings (a customer who still holds money). */
  async deleteHoldingMoney(reason = 'Closed at the customer’s request'): Promise<Locator> {
    const question = await this.delete();
    await question.getByLabel('Reason for deleting').fill(reason);
    await question.getByRole('button', { name: 'Yes, delete it!' }).click();
    const second = this.page.getByRole('alertdialog', { name: 'Delete anyway?' });
    await expect(second).toBeVisible();
    return second;
  }
}

/** Manage Users: the search box, the table and its footer. */
export class CustomersScreen {
  readonly table: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly searchStatus: Locator;
  readonly count: Locator;
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: /^Customers/ });
    this.rows = this.table.locator('tbody tr[aria-rowindex]');
    this.search = page.getByRole('searchbox', { name: 'Search users' });
    this.searchStatus = page.getByRole('status', { name: 'Search summary' });
    this.count = page.getByRole('status').filter({ hasText: /^Showing / });
    this.loadMore = page.getByRole('button', { name: 'Load More' });
  }

  async open(shell: Shell): Promise<this> {
    await shell.open('Manage Users');
    await expect(shell.heading()).toHaveText('Manage Users');
    await expect(this.rows.first()).toBeVisible();
    return this;
  }

  /** The row of the customer with this e-mail, after filtering the loaded rows by it. */
  async find(email: string): Promise<CustomerRow> {
    await this.search.fill(email);
    const row = new CustomerRow(this.page, this.rows.filter({ hasText: email }));
    await expect(row.root).toHaveCount(1);
    return row;
  }

  row(email: string): CustomerRow {
    return new CustomerRow(this.page, this.rows.filter({ hasText: email }));
  }

  /** A filter chip ("Verified" / "KYC" group, e.g. "Not verified", "Pending"), a link named by its label and count. */
  chip(group: 'Verified' | 'KYC', label: string): Locator {
    return this.page.getByRole('group', { name: group, exact: true }).getByRole('link', { name: new RegExp(`^${label}\\b`) });
  }

  get order(): Locator {
    return this.page.getByLabel('Order');
  }

  /** "All customers" and "KYC queue (n)". */
  tab(name: RegExp | string): Locator {
    return this.page.getByRole('navigation', { name: 'Customer lists' }).getByRole('link', { name });
  }

  /** The e-mails of the rows on screen, top to bottom. */
  emails(): Promise<string[]> {
    return this.rows.locator('td:nth-child(2)').allInnerTexts();
  }

  toast(text: string | RegExp): Locator {
    return toastRegion(this.page).getByText(text);
  }
}

/** The Manage modal: one figure, an amount, Add or Subtract, a reason, the preview. */
export class ManageDialog {
  readonly root: Locator;
  readonly amount: Locator;
  readonly reason: Locator;
  readonly apply: Locator;
  readonly preview: Locator;
  readonly goBelowZero: Locator;
  readonly warning: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog');
    this.amount = this.root.getByLabel('Amount');
    this.reason = this.root.getByLabel('Reason');
    this.apply = this.root.getByRole('button', { name: 'Apply' });
    this.preview = this.root.getByRole('status', { name: 'Preview' });
    this.goBelowZero = this.root.getByRole('button', { name: 'Yes, go below zero' });
    this.warning = this.root.getByRole('alert');
  }

  field(label: string): Locator {
    return this.root.getByRole('radio', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
  }

  operation(name: 'Add' | 'Subtract'): Locator {
    return this.root.getByRole('radiogroup', { name: 'Operation' }).getByRole('radio', { name });
  }
}

/** View KYC: the fields, three document images and the decision buttons. */
export class KycDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog').filter({ hasText: /^KYC/ });
  }

  field(label: string): Locator {
    return this.root
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }

  /** The thumbnail of a document that has an image (it opens the viewer). */
  thumbnail(label: string): Locator {
    return this.root.getByRole('button', { name: `Open ${label}` }).locator('img');
  }

  placeholder(text: 'No image provided' | 'Image could not be loaded'): Locator {
    return this.root.getByRole('img', { name: text });
  }

  async open(label: string): Promise<ImageViewer> {
    await this.root.getByRole('button', { name: `Open ${label}` }).click();
    const viewer = new ImageViewer(this.page, label);
    await expect(viewer.root).toBeVisible();
    return viewer;
  }
}

export class ImageViewer {
  readonly root: Locator;
  readonly image: Locator;
  readonly zoomLevel: Locator;

  constructor(
    readonly page: Page,
    label: string
  ) {
    this.root = page.getByRole('dialog').filter({ has: page.getByRole('toolbar', { name: 'Image controls' }) });
    this.image = this.root.getByRole('img', { name: label, exact: true });
    this.zoomLevel = this.root.getByLabel('Zoom level');
  }

  button(name: 'Zoom in' | 'Zoom out' | 'Rotate' | 'Full size' | 'Fit'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }
}

/** Admin Referral Dashboard. */
export class ReferralsScreen {
  readonly table: Locator;
  readonly rows: Locator;
  readonly loadMore: Locator;
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: /^Referrals/ });
    this.rows = this.table.locator('tbody tr');
    this.loadMore = page.getByRole('button', { name: 'Load More Referrals' });
    this.count = page.getByRole('status').filter({ hasText: /^Showing / });
  }

  async open(shell: Shell): Promise<this> {
    await shell.open('Referrals');
    await expect(shell.heading()).toHaveText('Admin Referral Dashboard');
    await expect(this.count).toBeVisible();
    return this;
  }

  /** Presses Load More Referrals until every referral is on screen. */
  async loadAll(): Promise<void> {
    while (await this.loadMore.isVisible()) {
      const before = await this.rows.count();
      await this.loadMore.click();
      await expect.poll(() => this.rows.count()).toBeGreaterThan(before);
    }
  }
}

/**
 * Removes a test customer and what their tests put in the lists (their deposits and withdrawals, the
 * e-mails their decisions wrote), so the specs that count the demo data after this one (the exports
 * count 200 deposits) see the demo data alone. Their audit entries and journal stay: both are chained
 * records (docs/product-rules.md §16), and removing one is the tampering the Evidence screen reports.
 */
export const removeTestCustomer = (customer: TestCustomer) =>
  withFirestore(async (db) => {
    const [deposits, withdrawals, mail] = await Promise.all([
      db.collection('deposits').where('userId', '==', customer.id).get(),
      db.collection('withdrawals').where('userId', '==', customer.id).get(),
      db.collection('mailOutbox').where('to', '==', customer.email).get()
    ]);
    const refs = [...deposits.docs, ...withdrawals.docs, ...mail.docs].map((d) => d.ref);
    await Promise.all([...refs.map((ref) => ref.delete()), db.collection('users').doc(customer.id).delete()]);
  });
