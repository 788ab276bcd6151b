import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSchemePrivileges, registerAppScheme, resolveAppPath, serveAppProtocol, serveAppRequest } from '@main/electron/protocol';
import { CSP } from '@main/electron/security';

describe('the app scheme', () => {
  it('is registered as standard, secure and fetchable, and nothing more', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith([appSchemePrivileges]);
    expect(appSchemePrivileges).toStrictEqual({
      scheme: 'app',
      privileges: { standard: true, secure: true, supportFetchAPI: true }
    });
  });
});

describe('resolveAppPath', () => {
  const root = resolve('/srv/ledgerdesk/out/renderer');
  const index = join(root, 'index.html');
  const files = new Set([index, join(root, 'assets', 'index-abc.js'), join(root, 'assets', 'inter.woff2')]);
  const onDisk = (path: string) => files.has(path);
  // The harshest disk: everything exists, so only the containment check stands between a
  // crafted URL and a file outside the folder.
  const everything = (_path: string) => true;
  const inside = (path: string) => path.startsWith(root + sep);

  it('serves index.html for the root', () => {
    expect(resolveAppPath(root, 'app://ledgerdesk/', onDisk)).toEqual({ ok: true, file: index });
  });

  it('serves a built asset', () => {
    expect(resolveAppPath(root, 'app://ledgerdesk/assets/index-abc.js', onDisk)).toEqual({
      ok: true,
      file: join(root, 'assets', 'index-abc.js')
    });
  });

  it.each(['app://ledgerdesk/users', 'app://ledgerdesk/users/u_123?tab=deposits#x', 'app://ledgerdesk/assets/', 'app://ledgerdesk/nope.js'])(
    'falls back to the single page for %s',
    (url) => expect(resolveAppPath(root, url, onDisk)).toEqual({ ok: true, file: index })
  );

  it('never asks the disk about the folder itself (a directory is not the page)', () => {
    const isFile = vi.fn(everything);
    expect(resolveAppPath(root, 'app://ledgerdesk/', isFile)).toEqual({ ok: true, file: index });
    expect(isFile).not.toHaveBeenCalled();
  });

  it.each([
    'app://ledgerdesk/..%2f..%2f..%2f..%2fetc%2fpasswd',
    'app://ledgerdesk/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    'app://ledgerdesk/assets/..%2f..%2f..%2fsecret.txt',
    'app://ledgerdesk/..%2frenderer-evil%2findex.html'
  ])('refuses %s, which escapes the folder once decoded', (url) => {
    expect(resolveAppPath(root, url, everything)).toEqual({ ok: false, reason: 'outside' });
  });

  it.each([
    'app://ledgerdesk/../../etc/passwd',
    'app://ledgerdesk/%2e%2e/%2e%2e/etc/passwd',
    'app://ledgerdesk/assets/../../../../etc/passwd',
    'app://ledgerdesk/..\\..\\..\\etc\\passwd'
  ])('keeps %s inside the folder', (url) => {
    const isFile = vi.fn(everything);
    const result = resolveAppPath(root, url, isFile);
    expect(result.ok).toBe(true);
    if (result.ok) expect(inside(result.file)).toBe(true);
    for (const [asked] of isFile.mock.calls) expect(inside(asked)).toBe(true);
  });

  it.each(['app://evil/index.html', 'app://ledgerdesk.evil/', 'https://ledgerdesk/', 'file:///srv/ledgerdesk/out/renderer/index.html'])(
    'refuses the foreign URL %s',
    (url) => expect(resolveAppPath(root, url, everything)).toEqual({ ok: false, reason: 'foreign' })
  );

  it.each(['app://ledgerdesk/%E0%A4%A', 'app://ledgerdesk/index.html%00.png', 'not a url'])('refuses the malformed URL %s', (url) => {
    expect(resolveAppPath(root, url, everything)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('serving the built renderer', () => {
  let base: string;
  let root: string;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'ledgerdesk-protocol-'));
    root = join(base, 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Ledgerdesk</title>');
    await writeFile(join(root, 'assets', 'app.js'), 'console.log("app")');
    await writeFile(join(base, 'secret.txt'), 'TOP SECRET');
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('answers a route with the page, its type and its security policy', async () => {
    const response = await serveAppRequest(root, 'app://ledgerdesk/users');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>Ledgerdesk</title>');
  });

  it('answers an asset with its own type', async () => {
    const response = await serveAppRequest(root, 'app://ledgerdesk/assets/app.js');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log("app")');
  });

  it('never reads a file outside the folder', async () => {
    const response = await serveAppRequest(root, 'app://ledgerdesk/..%2fsecret.txt');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('TOP SECRET');
  });

  it('is what the registered app: handler answers', async () => {
    const protocol = { handle: vi.fn() };
    serveAppProtocol(protocol, root);
    expect(protocol.handle).toHaveBeenCalledTimes(1);
    const [scheme, handler] = protocol.handle.mock.calls[0] as [string, (request: { url: string }) => Promise<Response>];
    expect(scheme).toBe('app');
    const response = await handler({ url: 'app://ledgerdesk/assets/app.js' });
    expect(await response.text()).toBe('console.log("app")');
  });
});
