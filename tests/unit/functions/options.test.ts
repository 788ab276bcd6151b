import { describe, expect, it } from 'vitest';
import { ADMIN_UID } from '../../../functions/src/options';

// What `firebase deploy` asks the platform's operator (docs/operations/functions.md, step 4), in the
// words the backend host acts on: a named uid narrows the administrators, it never replaces the claim.
describe('the functions’ deploy parameters', () => {
  it('asks for LEDGERDESK_ADMIN_UID as the only account served, which still needs the admin claim', () => {
    const { description } = ADMIN_UID.options;
    expect(ADMIN_UID.name).toBe('LEDGERDESK_ADMIN_UID');
    expect(description).toMatch(/only uid/);
    expect(description).toMatch(/still needs the admin: true claim/);
  });
});
