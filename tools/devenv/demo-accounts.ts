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
