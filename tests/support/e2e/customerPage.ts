import { expect, type Locator, type Page } from '@playwright/test';
import { buildDemoData } from '../../../tools/devenv/seed';

/** A demo customer as the seed writes them, with how many records of each kind name them. */
export interface DemoCustomer {
  id: string;
  fullname: string;
  email: string;
  referralCode: string;
  referredByCode: string | null;
  counts: { deposits: number; withdrawals: number; investments: number; compound: number; referrals: number };
}

/** The demo data's customers with their record counts (the seed is deterministic). */
export function demoCustomers(): DemoCustomer[] {
  const { docs } = buildDemoData(Date.now());
  const of = (collection: string) => docs.filter((d) => d.collection === collection);
  return of('users').map((u) => {
    const email = u.data.email as string;
    const code = u.data.myReferralId as string;
    return {
      id: u.id,
      fullname: u.data.fullname as string,
      email,
      referralCode: code,
      referredByCode: (u.data.referreduserid as string | undefined) ?? null,
      counts: {
        deposits: of('deposits').filter((d) => d.data.userId === u.id).length,
        withdrawals: of('withdrawals').filter((d) => d.data.userId === u.id).length,
        investments: of('investments').filter((d) => d.data.userId === u.id).length,
        compound: of('compoundInvest').filter((d) => d.data.email === email).length,
        referrals: of('referrals').filter((d) => d.data.referrerId === u.id || d.data.referrerId === code).length
      }
    };
  });
}

export const TAB_NAMES = ['Deposits', 'Withdrawals', 'Investments', 'Compound investments', 'Referrals', 'Audit', 'E-mails', 'Notes', 'Journal'] as const;
export type TabName = (typeof TAB_NAMES)[number];

/** /users/:id: the profile, its actions and the tabs of records. */
export class CustomerScreen {
  readonly heading: Locator;
  readonly figures: Locator;
  readonly tabs: Locator;
  readonly actions: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.figures = page.getByLabel('Figures');
    this.tabs = page.getByRole('navigation', { name: 'Customer records' });
    this.actions = page.getByRole('group', { name: 'Customer actions' });
  }

  /** Opens a path of the app (the session lives in the main process, so a new load stays signed in). */
  async goto(path: string): Promise<void> {
    const origin = new URL(this.page.url()).origin;
    await this.page.goto(`${origin}${path}`);
  }

  tab(name: TabName): Locator {
    return this.tabs.getByRole('link', { name: new RegExp(`^${name}\\b`) });
  }

  /** The tab's count as its badge shows it, once counted. */
  async expectCount(name: TabName, count: number): Promise<void> {
    await expect(this.tab(name)).toHaveAccessibleName(`${name} (${count})`);
  }

  async open(name: TabName): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-current', 'page');
  }

  /** The shown tab's table, named by its caption ("Arjun's deposits, newest first"). */
  table(caption: RegExp): Locator {
    return this.page.getByRole('table', { name: caption });
  }

  /** The rows of a table once its first page is in (not the loading skeleton). */
  async rows(caption: RegExp): Promise<Locator> {
    const table = this.table(caption);
    await expect(table).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    return table.locator('tbody tr');
  }

  figure(label: string): Locator {
    return this.figures
      .locator('div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }

  detail(label: string): Locator {
    return this.page
      .locator('dl div')
      .filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd');
  }

  button(name: string): Locator {
    return this.actions.getByRole('button', { name, exact: true });
  }
}
