import type { Page } from '@playwright/test';
import { expect, rpc, test } from '../support/e2e/fixtures';

// The theme in browser mode: chosen in the sidebar, kept in the preferences file (theme.get), drawn
// before the page's first render after a reload, and System following the computer as it changes.

// The page's code runs in the browser: written as strings, since these tests are typed without the DOM.
const drawnIn = async (page: Page) => ((await page.locator('html').getAttribute('class'))?.split(' ').includes('dark') ? 'dark' : 'light');
/** The page's own background and text colours, as the administrator sees them behind every screen. */
const background = (page: Page) => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
const ink = (page: Page) => page.evaluate<string>('getComputedStyle(document.body).color');
/** A bar of the dashboard's 30-day chart, as drawn: Recharts writes its colour into the SVG. */
const barColour = (page: Page) => page.evaluate<string>("getComputedStyle(document.querySelector('.recharts-bar-rectangle path')).fill");

test('the Theme control draws the desk dark, keeps it on this computer across a reload, and System follows the computer', async ({
  signedIn: _shell,
  page,
  request,
  app
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await drawnIn(page)).toBe('light');
  const lightBackground = await background(page);
  const lightInk = await ink(page);
  await expect(page.locator('.recharts-bar-rectangle path').first()).toBeVisible();
  const lightBar = await barColour(page);
  // System: the computer's own setting, as it changes (the page hears it at its next frame: a loaded machine is slow).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => drawnIn(page), { timeout: 30_000 }).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => drawnIn(page), { timeout: 30_000 }).toBe('light');

  try {
    await theme.getByText('Dark').click();
    await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(await drawnIn(page)).toBe('dark');
    expect(await background(page)).not.toBe(lightBackground);
    expect(await barColour(page)).not.toBe(lightBar);
    await expect.poll(async () => (await rpc(request, app, 'theme.get')).value).toEqual({ theme: 'dark' });
    // Printed (a statement, Export PDF), it is on paper: dark text, whatever the screen shows.
    await page.emulateMedia({ media: 'print' });
    expect(await ink(page)).toBe(lightInk);
    await page.emulateMedia({ media: 'screen' });
    expect(await ink(page)).not.toBe(lightInk);

    // After a reload the page is dark from its first drawn element: the class is there when React puts anything on the page.
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        if (!document.getElementById('root')?.firstChild) return;
        window.drawnAtStart = document.documentElement.className;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.reload();
    expect(await page.evaluate<string>('window.drawnAtStart')).toMatch(/\bdark\b/);
    await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
    // Chosen, it no longer follows the computer.
    expect(await drawnIn(page)).toBe('dark');
  } finally {
    // One server for the whole run: the other tests see the desk as the computer is set.
    await rpc(request, app, 'theme.set', { theme: 'system' });
  }
});

test.describe('with a dark computer', () => {
  test.use({ colorScheme: 'dark' });

  test('the sign-in page is drawn dark', async ({ loginPage, page }) => {
    await expect(loginPage.submit).toBeVisible();
    expect(await drawnIn(page)).toBe('dark');
  });
});
