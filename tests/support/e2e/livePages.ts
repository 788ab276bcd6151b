import type { Locator, Page } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import { withFirestore } from './customerPages';

/**
 * Records every notification the page raises while still letting the browser's own run: the test
 * cannot see the desktop, so it reads what the page asked the browser to show.
 */
export async function recordNotifications(page: Page): Promise<() => Promise<Array<{ title: string; body: string }>>> {
  await page.context().grantPermissions(['notifications']);
  // A script, not a function: the tests are compiled without the DOM's types.
  await page.addInitScript({
    content: `(() => {
      const shown = [];
      const Real = window.Notification;
      class Recorded extends Real {
        constructor(title, options) {
          shown.push({ title, body: (options && options.body) || '' });
          super(title, options);
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recorded });
      Object.defineProperty(window, '__notifications', { value: shown });
    })();`
  });
  return () => page.evaluate(() => (globalThis as unknown as { __notifications: Array<{ title: string; body: string }> }).__notifications);
}

/** The customer app's part: a withdrawal request written straight into Firestore, as another client would. */
export const requestWithdrawal = (id: string, fields: { email: string; userId: string; amount: number }) =>
  withFirestore((db) =>
    db.doc(`withdrawals/${id}`).set({
      ...fields,
      username: 'Live Tester',
      cryptoType: 'BITCOIN',
      walletAddress: 'bc1qliveexample00000000000000000000000000',
      status: 'pending',
      createdAt: Timestamp.now()
    })
  );

export const removeWithdrawal = (id: string) => withFirestore((db) => db.doc(`withdrawals/${id}`).delete());
export const setWithdrawalStatus = (id: string, status: string) => withFirestore((db) => db.doc(`withdrawals/${id}`).update({ status }));

export class LiveSidebar {
  constructor(readonly page: Page) {}

  /** The badge beside Manage Withdrawals ("3", read out as "3 pending withdrawals"); absent at zero. */
  pendingWithdrawals(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByTitle(/pending withdrawals$/);
  }

  async pendingWithdrawalsCount(): Promise<number> {
    const badge = this.pendingWithdrawals();
    if ((await badge.count()) === 0) return 0;
    return Number((await badge.getAttribute('title'))?.split(' ')[0]?.replaceAll(',', ''));
  }

  newPill(): Locator {
    return this.page.getByRole('button', { name: /new - show$/ });
  }
}
