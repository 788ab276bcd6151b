// @vitest-environment jsdom
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@shared/domain/roles';
import { Sidebar } from '@renderer/app/layout/Sidebar';
import { TopBar } from '@renderer/app/layout/TopBar';
import { RoleGate } from '@renderer/app/RoleGate';
import { reviewLists } from '@renderer/app/review-lists';
import { ReviewListsProvider } from '@renderer/modules/review-list/lists-context';
import { showInApp, standInForLayout } from '../../../support/renderer/render';
import { signInAs } from '../../../support/renderer/session';

// What the desk offers follows the signed-in role: the sidebar lists the screens it may use, the top
// bar names it beside the e-mail, and a screen reached by its address that it may not use says so.

const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });

beforeEach(() => {
  standInForLayout();
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    { get: (_target, namespace: string) => (namespace === 'on' ? () => () => undefined : new Proxy({}, { get: () => unavailable })) }
  );
});
afterEach(() => {
  cleanup();
  signInAs('owner');
  delete (window as unknown as { api?: unknown }).api;
});

const sidebarLinks = (role: Role) => {
  signInAs(role);
  showInApp(
    <ReviewListsProvider lists={reviewLists}>
      <Sidebar />
    </ReviewListsProvider>
  );
  const links = within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
  cleanup();
  return links;
};

describe('the desk, by role', () => {
  it('lists Team in the sidebar for an owner only, and Webmail from support up', () => {
    expect(sidebarLinks('owner')).toContain('Team');
    expect(sidebarLinks('owner')).toContain('Webmail');
    for (const role of ['admin', 'support', 'viewer'] as const) expect(sidebarLinks(role), role).not.toContain('Team');
    expect(sidebarLinks('support')).toContain('Webmail');
    const viewer = sidebarLinks('viewer');
    expect(viewer).not.toContain('Webmail');
    expect(viewer).toEqual(expect.arrayContaining(['Dashboard', 'Manage Deposits', 'Audit log', 'Reconciliation', 'Logout']));
  });

  it('names the role beside the e-mail in the top bar', () => {
    signInAs('support');
    // The top bar reads the route's handle: drawn under a data router, as the app draws it.
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Tooltip.Provider>
          <RouterProvider router={createMemoryRouter([{ path: '/', element: <TopBar />, handle: { title: 'Dashboard' } }])} />
        </Tooltip.Provider>
      </QueryClientProvider>
    );
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toContain('support@ledgerdesk.test');
    expect(banner.textContent).toContain('Support');
  });

  it('shows a calm page, not the screen, to a role that may not use it', () => {
    signInAs('viewer');
    showInApp(
      <RoleGate needs="govern" title="Team">
        <p>The team table</p>
      </RoleGate>,
      '/team'
    );
    expect(screen.getByRole('heading', { name: 'Your role (Viewer) cannot use this screen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Dashboard' })).toBeTruthy();
    expect(screen.queryByText('The team table')).toBeNull();
    cleanup();
    signInAs('owner');
    showInApp(
      <RoleGate needs="govern" title="Team">
        <p>The team table</p>
      </RoleGate>,
      '/team'
    );
    expect(screen.getByText('The team table')).toBeTruthy();
  });
});
