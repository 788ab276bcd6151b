import { describe, expect, it } from 'vitest';
import { MailDispatcher } from '@main/app/mailDispatcher';
import { defaultBackoff, deliveryKey } from '@main/app/mailDelivery';
import type { BackendHost, MailPayload } from '@main/app/ports/backendHost';
import type { ClaimedMail, MailOutbox } from '@main/app/ports/mailOutbox';
import { fakeClock } from '../../../support/fakes/fakeClock';

interface Entry {
  state: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: number | null;
  leaseOwner: string | null;
  lastError: string | null;
  to: string;
}

/** The outbox semantics the Firestore implementation has, in memory (claims are atomic here). */
function memoryOutbox(entries: Record<string, Entry>): MailOutbox {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    list: unused,
    counts: unused,
    retry: unused,
    due: async (now, max) =>
      Object.entries(entries)
        .filter(([, e]) => e.nextAttemptAt !== null && e.nextAttemptAt <= now)
        .sort((a, b) => (a[1].nextAttemptAt ?? 0) - (b[1].nextAttemptAt ?? 0))
        .slice(0, max)
        .map(([id]) => id),
    claim: async (id, now, leaseMs, owner): Promise<ClaimedMail | null> => {
      const e = entries[id];
      if (!e || e.state === 'sent' || e.nextAttemptAt === null || e.nextAttemptAt > now) return null;
      Object.assign(e, { state: 'sending', attempts: e.attempts + 1, leaseOwner: owner, nextAttemptAt: now + leaseMs });
      return { id, to: e.to, subject: 'S', companyName: 'C', html: '<p>h</p>', text: 'h', attempts: e.attempts };
    },
    markSent: async (id) => void Object.assign(entries[id]!, { state: 'sent', nextAttemptAt: null }),
    markFailed: async (id, owner, error, retryAt) => {
      const e = entries[id]!;
      if (e.state !== 'sent' && e.leaseOwner === owner) Object.assign(e, { state: 'failed', lastError: error, nextAttemptAt: retryAt });
    }
  };
}

const queued = (to: string): Entry => ({ state: 'queued', attempts: 0, nextAttemptAt: 0, leaseOwner: null, lastError: null, to });

function backend(failing = false) {
  const sent: { payload: MailPayload; token: string }[] = [];
  const host: BackendHost & { sent: typeof sent; down: boolean } = {
    sent,
    down: failing,
    deleteUser: () => Promise.reject(new Error('not used')),
    suspendUser: () => Promise.reject(new Error('not used')),
    unsuspendUser: () => Promise.reject(new Error('not used')),
    startReconciliation: () => Promise.reject(new Error('not used')),
    async sendMail(payload, token) {
      await Promise.resolve();
      if (host.down) throw new Error('The backend host at http://x cannot be reached.');
      sent.push({ payload, token });
    }
  };
  return host;
}

const settle = async (...dispatchers: MailDispatcher[]) => {
  for (let i = 0; i < 5; i++) await Promise.all(dispatchers.map((d) => d.idle()));
};

describe('the e-mail dispatcher', () => {
  it('sends every due entry with the administrator token and marks it sent', async () => {
    const entries = { a: queued('a@x.com'), b: queued('b@x.com') };
    const host = backend();
    const { clock } = fakeClock(1_000);
    const d = new MailDispatcher({ outbox: memoryOutbox(entries), backend: host, idToken: async () => 'tok', clock });
    d.start();
    await settle(d);
    expect(host.sent.map((s) => [s.payload.email, s.token])).toEqual([
      ['a@x.com', 'tok'],
      ['b@x.com', 'tok']
    ]);
    expect(host.sent[0]?.payload).toMatchObject({ subject: 'S', CompanyName: 'C', htmlToSend: '<p>h</p>', textToSend: 'h' });
    expect(entries.a.state).toBe('sent');
    d.stop();
  });

  it('sends nothing while nobody is signed in', async () => {
    const entries = { a: queued('a@x.com') };
    const host = backend();
    const d = new MailDispatcher({ outbox: memoryOutbox(entries), backend: host, idToken: async () => null, clock: fakeClock().clock });
    d.start();
    await settle(d);
    expect(host.sent).toEqual([]);
    expect(entries.a.state).toBe('queued');
  });

  it('stands aside while the platform’s functions deliver the queue, and takes it back when the setting returns to the desktop', async () => {
    const entries = { a: queued('a@x.com') };
    const host = backend();
    const { clock, advance } = fakeClock(1_000);
    let deliversHere = false;
    const d = new MailDispatcher({
      outbox: memoryOutbox(entries),
      backend: host,
      idToken: async () => 'tok',
      deliversHere: async () => deliversHere,
      clock,
      pollMs: 1_000
    });
    d.start();
    await settle(d);
    expect(host.sent).toEqual([]);
    expect(entries.a).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });
    deliversHere = true;
    advance(1_000);
    await settle(d);
    expect(host.sent.map((s) => s.payload.email)).toEqual(['a@x.com']);
    d.stop();
  });

  it('keeps a failed e-mail queued with backoff and delivers it once the host is back', async () => {
    const entries = { a: queued('a@x.com') };
    const host = backend(true);
    const { clock, advance } = fakeClock(0);
    const d = new MailDispatcher({ outbox: memoryOutbox(entries), backend: host, idToken: async () => 't', clock, pollMs: 1_000 });
    d.start();
    await settle(d);
    expect(entries.a).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: 5_000, lastError: expect.stringContaining('cannot be reached') });

    advance(3_000); // polls, but the retry is not due yet
    await settle(d);
    expect(entries.a.attempts).toBe(1);

    host.down = false;
    advance(2_000);
    await settle(d);
    expect(entries.a.state).toBe('sent');
    expect(host.sent).toHaveLength(1);
    d.stop();
  });

  it('stops retrying after the last attempt, leaving it for the administrator', async () => {
    const entries = { a: queued('a@x.com') };
    const { clock, advance } = fakeClock(0);
    const d = new MailDispatcher({
      outbox: memoryOutbox(entries),
      backend: backend(true),
      idToken: async () => 't',
      clock,
      pollMs: 100,
      maxAttempts: 3,
      backoffMs: () => 100
    });
    d.start();
    for (let i = 0; i < 10; i++) {
      await settle(d);
      advance(100);
    }
    await settle(d);
    expect(entries.a).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: null });
    d.stop();
  });

  it('two running copies never send the same e-mail twice', async () => {
    const entries = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i}`, queued(`m${i}@x.com`)]));
    const outbox = memoryOutbox(entries);
    const host = backend();
    const { clock } = fakeClock(0);
    const one = new MailDispatcher({ outbox, backend: host, idToken: async () => 't', clock });
    const two = new MailDispatcher({ outbox, backend: host, idToken: async () => 't', clock });
    one.start();
    two.start();
    await settle(one, two);
    expect(host.sent.map((s) => s.payload.email).sort()).toEqual(
      Object.values(entries)
        .map((e) => e.to)
        .sort()
    );
    one.stop();
    two.stop();
  });

  it('backs off 5 s, 10 s, 20 s ... up to 10 minutes', () => {
    expect([1, 2, 3, 4, 8, 20].map(defaultBackoff)).toEqual([5_000, 10_000, 20_000, 40_000, 600_000, 600_000]);
  });
});

describe('the Idempotency-Key of a queued e-mail', () => {
  it('is one UUID for every automatic attempt, so a lost reply is not sent twice', () => {
    const keys = new Set([1, 2, 8].map((attempt) => deliveryKey('entry-1', attempt, 8)));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is new for each Retry by the administrator, and never shared between e-mails', () => {
    const automatic = deliveryKey('entry-1', 8, 8);
    const retries = [9, 10].map((attempt) => deliveryKey('entry-1', attempt, 8));
    expect(new Set([automatic, ...retries]).size).toBe(3);
    expect(deliveryKey('entry-2', 1, 8)).not.toBe(deliveryKey('entry-1', 1, 8));
  });
});
