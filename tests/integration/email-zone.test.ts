import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { typed, usePlatform } from '../support/integration/moneyFixtures';

// A customer's e-mail writes its times in the platform's zone (settings/ledgerdesk.timeZone), named,
// whatever zone the administrator's own computer shows.
describe('times in customers’ e-mails', () => {
  const platform = usePlatform({ fixtures: true });
  const queuedTo = async (email: string) => (await platform.db.collection('mailOutbox').where('to', '==', email).get()).docs.map((d) => d.data());

  it('a withdrawal’s e-mail says when it was requested in the platform’s zone, read in the decision’s transaction', async () => {
    // wd-reject was asked for at midnight UTC on 4 January 2026: the evening before in New York.
    await platform.db.doc('settings/ledgerdesk').set({ timeZone: 'America/New_York' }, { merge: true });
    const call = typed(platform.app);
    expect(await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-reject', status: 'rejected' })).toMatchObject({ ok: true });
    const [mail] = await queuedTo('wes@example.com');
    expect(mail?.text).toMatch(/Requested: +Jan 3, 2026, 7:00 PM America\/New_York/);
    expect(mail?.html).toContain('Jan 3, 2026, 7:00 PM America/New_York');
  });

  it('is in UTC, named, while the platform has not chosen a zone', async () => {
    const call = typed(platform.app);
    expect(await call('withdrawals.setStatus', { operationId: randomUUID(), id: 'wd-approve', status: 'approved' })).toMatchObject({ ok: true });
    const [mail] = await queuedTo('wes@example.com');
    expect(mail?.text).toMatch(/Requested: +Jan 4, 2026, 12:00 AM UTC/);
  });
});
