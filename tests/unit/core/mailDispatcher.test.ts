import { describe, expect, it } from 'vitest';
import { MailDispatcher } from '@core/mailDispatcher';
import { defaultBackoff, deliverQueuedMail, deliveryKey } from '@core/mailDelivery';
import type { BackendHost, MailPayload } from '@core/ports/backendHost';
import type { ClaimedMail, MailOutbox } from '@core/ports/mailOutbox';
import { claimOf, MAIL_ATTEMPTS, roundOf, UNFINISHED_LAST_ATTEMPT } from '@shared/domain/mailOutbox';
import { fakeClock } from '../../support/fakes/fakeClock';

interface Entry {
  state: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: number | null;
  leaseOwner: string | null;
  lastError: string | null;
  to: string;
}

/** The outbox semantics the Firestore implementations have (the same claimOf), in memory (claims are atomic here). */
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
      const decision = e ? claimOf({ state: e.state, attempts: e.attempts, nextAttemptAtMs: e.nextAttemptAt }, now, leaseMs) : null;
      if (!e || !decision) return null;
      if ('giveUp' in decision) {
        Object.assign(e, { state: 'failed', lastError: decision.giveUp, nextAttemptAt: null });
        return null;
      }
      Object.assign(e, { state: 'sending', attempts: decision.claim.attempts, leaseOwner: owner, nextAttemptAt: decision.claim.leaseUntilMs });
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
    listTeam: () => Promise.reject(new Error('not used')),
    inviteMember: () => Promise.reject(new Error('not used')),
    setMemberRole: () => Promise.reject(new Error('not used')),
    disableMember: () => Promise.reject(new Error('not used')),
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
      backoffMs: () => 100
    });
    d.start();
    for (let i = 0; i < MAIL_ATTEMPTS + 5; i++) {
      await settle(d);
      advance(100);
    }
    await settle(d);
    expect(entries.a).toMatchObject({ state: 'failed', attempts: MAIL_ATTEMPTS, nextAttemptAt: null });
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
    const keys = new Set([1, 2, MAIL_ATTEMPTS].map((attempt) => deliveryKey('entry-1', roundOf(attempt))));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is new for each Retry round of the administrator, the same for a round sent again, and never shared between e-mails', () => {
    const rounds = [0, 1, 2].map((round) => deliveryKey('entry-1', round));
    expect(new Set(rounds).size).toBe(3);
    expect(deliveryKey('entry-1', 1)).toBe(rounds[1]);
    expect(deliveryKey('entry-2', 0)).not.toBe(deliveryKey('entry-1', 0));
  });
});

describe('an attempt that outlives its lease (a slow mail server, a deliverer that stopped)', () => {
  const LEASE = 60_000;
  /** Deliverers sharing one outbox and one clock; each send waits until the test releases it. */
  function deliverers(entries: Record<string, Entry>) {
    const outbox = memoryOutbox(entries);
    let now = 0;
    const sends: { owner: string; key: string; release: () => void }[] = [];
    const deliver = (owner: string) =>
      deliverQueuedMail('a', {
        outbox,
        owner,
        nowMs: () => now,
        leaseMs: LEASE,
        send: (_mail, key) => new Promise<void>((release) => sends.push({ owner, key, release }))
      });
    const flush = async () => {
      for (let i = 0; i < 10; i++) await new Promise((next) => setImmediate(next));
    };
    return { sends, deliver, flush, later: (ms: number) => (now += ms) };
  }

  it('at the attempt cap: sent once, never again under a new key every minute', async () => {
    const entries = { a: { ...queued('a@x.com'), state: 'failed' as const, attempts: MAIL_ATTEMPTS - 1 } };
    const { sends, deliver, flush, later } = deliverers(entries);
    const last = deliver('instance-1');
    await flush();
    expect(entries.a).toMatchObject({ state: 'sending', attempts: MAIL_ATTEMPTS });
    // The send hangs past its lease; other deliverers look at the queue every minute.
    for (const owner of ['instance-2', 'instance-3', 'instance-4']) {
      later(LEASE + 1);
      void deliver(owner);
      await flush();
    }
    expect(sends.map((s) => [s.owner, s.key])).toEqual([['instance-1', deliveryKey('a', 0)]]);
    expect(entries.a).toMatchObject({ state: 'failed', attempts: MAIL_ATTEMPTS, nextAttemptAt: null, lastError: UNFINISHED_LAST_ATTEMPT });
    // The slow send did go out in the end: the entry says so.
    sends[0]!.release();
    expect(await last).toBe('sent');
    expect(sends.map((s) => [s.owner, s.key])).toEqual([['instance-1', deliveryKey('a', 0)]]);
    expect(entries.a.state).toBe('sent');
  });

  it('before the cap: the next attempt carries the same key, so the host answers it instead of sending again', async () => {
    const entries = { a: queued('a@x.com') };
    const { sends, deliver, flush, later } = deliverers(entries);
    void deliver('instance-1');
    await flush();
    later(LEASE + 1);
    void deliver('instance-2');
    await flush();
    expect(entries.a).toMatchObject({ state: 'sending', attempts: 2, leaseOwner: 'instance-2' });
    expect(new Set(sends.map((s) => s.key))).toEqual(new Set([deliveryKey('a', 0)]));
  });

  it('in the administrator’s Retry round: one attempt under the round’s own key, and a new key only for a new Retry', async () => {
    const entries = { a: { ...queued('a@x.com'), attempts: MAIL_ATTEMPTS } };
    const { sends, deliver, flush, later } = deliverers(entries);
    void deliver('instance-1');
    await flush();
    later(LEASE + 1);
    void deliver('instance-2');
    await flush();
    expect(entries.a).toMatchObject({ state: 'failed', attempts: MAIL_ATTEMPTS + 1, lastError: UNFINISHED_LAST_ATTEMPT });
    // The administrator retries (mail.retry queues it again).
    Object.assign(entries.a, { state: 'queued', nextAttemptAt: 0 });
    void deliver('instance-2');
    await flush();
    expect(sends.map((s) => s.key)).toEqual([deliveryKey('a', 1), deliveryKey('a', 2)]);
  });
});
