/**
 * Which Chromium the e2e suite drives, on any OS: CHROMIUM_PATH when set; else Playwright's own
 * Chromium where `npx playwright install chromium` put one (macOS, Windows, CI runners); else a
 * system Chromium on PATH (Debian's `chromium`, which our build machines have, since they cannot
 * download a browser). Pure apart from the functions it is given, so it is unit-tested.
 */
export interface ChromiumLookup {
  env: Readonly<Record<string, string | undefined>>;
  /** Where Playwright keeps its own Chromium (chromium.executablePath()), installed or not. */
  playwrightChromium(): string | undefined;
  exists(path: string): boolean;
  /** The full path of a command on PATH, or undefined. */
  which(command: string): string | undefined;
}

export type ChromiumFound = { path: string; source: 'CHROMIUM_PATH' | 'playwright' | 'PATH' } | { path: undefined; problem: string };

export function findChromium(lookup: ChromiumLookup): ChromiumFound {
  const configured = lookup.env.CHROMIUM_PATH?.trim();
  if (configured) {
    return lookup.exists(configured)
      ? { path: configured, source: 'CHROMIUM_PATH' }
      : { path: undefined, problem: `CHROMIUM_PATH is set but ${configured} does not exist.` };
  }
  let own: string | undefined;
  try {
    own = lookup.playwrightChromium();
  } catch {
    own = undefined;
  }
  if (own && lookup.exists(own)) return { path: own, source: 'playwright' };
  for (const command of ['chromium', 'chromium-browser']) {
    const found = lookup.which(command);
    if (found) return { path: found, source: 'PATH' };
  }
  return {
    path: undefined,
    problem: 'No Chromium found: run `npx playwright install chromium` (any OS), or `apt-get install -y chromium` (Debian), or set CHROMIUM_PATH.'
  };
}
