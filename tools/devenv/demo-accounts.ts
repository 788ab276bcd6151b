// Demo-mode sign-in accounts, shared by the seed, the app's demo banner and the tests.
// Deliberately import-free so any layer (even the renderer) can show them.

export const DEMO_ADMIN = {
  uid: 'ledgerdesk-demo-admin',
  email: 'admin@ledgerdesk.test',
  password: 'ledgerdesk-admin',
  displayName: 'Demo Administrator'
} as const;

export const DEMO_CUSTOMER = {
  uid: 'ledgerdesk-demo-customer',
  email: 'customer@ledgerdesk.test',
  password: 'ledgerdesk-customer',
  displayName: 'Casey Customer'
} as const;

/** A second administrator with the role admin: approves what the policy puts to a second person, cannot change the team. */
export const DEMO_APPROVER = {
  uid: 'ledgerdesk-demo-approver',
  email: 'approver@ledgerdesk.test',
  password: 'ledgerdesk-approver',
  displayName: 'Avery Approver',
  role: 'admin'
} as const;

/** A read-only member of the team: reads and CSV exports only. */
export const DEMO_VIEWER = {
  uid: 'ledgerdesk-demo-viewer',
  email: 'viewer@ledgerdesk.test',
  password: 'ledgerdesk-viewer',
  displayName: 'Vic Viewer',
  role: 'viewer'
} as const;
