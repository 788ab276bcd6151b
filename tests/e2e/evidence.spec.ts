import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { DocumentData } from 'firebase-admin/firestore';
import { withFirestore } from '../support/e2e/customerPages';
import { expect, test } from '../support/e2e/fixtures';

const shot = (name: string) => ({ path: `screenshots/${name}.png`, fullPage: true });

// The Evidence screen on the demo (docs/product-rules.md §16.4): its signed digests, a clean Verify
// records, and a journal entry changed with firebase-admin (as the console would) named by the check.
test.describe('Evidence', () => {
  test('verifies the demo clean, then names a journal entry changed outside Ledgerdesk', async ({ signedIn, page }) => {
    // Two checks of the whole demo platform on two shared cores.
    test.setTimeout(180_000);
    await signedIn.open('Evidence');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Evidence', { timeout: 30_000 });
    // The demo signs the two days before it started (tools/devenv): each can be downloaded.
    const digests = page.getByRole('table', { name: /signed daily digests/ });
    await expect(digests.getByRole('button', { name: /^Download digest of / }).first()).toBeVisible({ timeout: 30_000 });

    const verify = page.getByRole('button', { name: 'Verify records' });
    await verify.click();
    await expect(page.getByText(/^[\d,]+ records checked, nothing broken\.$/)).toBeVisible({ timeout: 60_000 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot(shot('evidence'));

    // The newest day's file, as the auditor keeps it: the signed digest and the heads it covers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      digests
        .getByRole('button', { name: /^Download digest of / })
        .first()
        .click()
    ]);
    expect(download.suggestedFilename()).toMatch(/^digest-\d{4}-\d{2}-\d{2}\.json$/);
    const kept = JSON.parse(readFileSync(await download.path(), 'utf8')) as { signature: string; customers: number; heads: unknown[] };
    expect(kept.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(kept.heads).toHaveLength(kept.customers);

    // A chained journal entry's amount changed with firebase-admin, then put back as it was.
    const victim = await withFirestore(async (db) => {
      const [entry] = (await db.collectionGroup('journal').where('seq', '==', 1).limit(1).get()).docs;
      if (!entry) throw new Error('The demo has no chained journal entry.');
      return { path: entry.ref.path, data: entry.data() as DocumentData };
    });
    const balanceAfter = (victim.data.balanceAfter ?? {}) as { cents?: number };
    await withFirestore((db) => db.doc(victim.path).update({ 'balanceAfter.cents': (balanceAfter.cents ?? 0) + 100_000 }));
    try {
      await verify.click();
      const broken = page.getByRole('list', { name: 'Broken links' });
      await expect(broken).toBeVisible({ timeout: 60_000 });
      await expect(broken.getByRole('link', { name: victim.path })).toBeVisible();
      await expect(broken).toContainText('it was changed, or the entry before it was');
      await page.screenshot(shot('evidence-broken'));
      // The path opens the customer's page, where the journal is.
      await broken.getByRole('link', { name: victim.path }).click();
      await expect(page).toHaveURL(new RegExp(`/users/${victim.path.split('/')[1]}$`));
    } finally {
      await withFirestore((db) => db.doc(victim.path).set(victim.data));
    }
  });
});
