import { randomUUID } from 'node:crypto';
import { GeoPoint } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { StatusOutcome, StatusPreview } from '../../src/shared/contract';
import { rebaseVersion } from '../../src/shared/domain/readVersion';
import { CHANGED_SINCE_PREVIEW } from '../../src/core/readVersion';
import { at, NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

/**
 * Bulk decisions on records that share a customer, on the emulators: each record of the run is its
 * own transaction and audit entry, and expects the figures the run's earlier records left (the
 * renderer's runBulk rebases each preview's version, as `bulk` below does); a change made by anyone else between the
 * summary and a record's commit, or to a record's own facts, is still refused with nothing written.
 */

type Kind = 'deposits' | 'withdrawals';

describe('bulk decisions on one customer', () => {
  const platform = usePlatform({ env: NO_BACKEND });
  const call = () => typed(platform.app);

  type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  type Ran = { id: string; kind: 'done' } | { id: string; kind: 'refused'; why: string; now: StatusPreview | null };

  const unwrap = <T>(answer: Answer<T>): T => {
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value;
  };

  async function writeCustomers(): Promise<void> {
    const batch = platform.db.batch();
    batch.set(platform.db.doc('users/dana'), {
      fullname: 'Dana Depositor',
      email: 'dana@example.com',
      balance: 50,
      Totaldeposit: 100.1,
      Totalwithdrawal: 20,
      myReferralId: 'REFDANA',
      referreduserid: 'REFRITA',
      timestamp: at('2026-01-01T00:00:00Z')
    });
    batch.set(platform.db.doc('users/rita'), { fullname: 'Rita Referrer', email: 'rita@example.com', balance: 10, myReferralId: 'REFRITA' });
    for (const [n, amount] of [10.01, 20.02, 30.03, 40.04, 123.45].entries()) {
      batch.set(platform.db.doc(`deposits/d${n}`), {
        userId: 'dana',
        userEmail: 'dana@example.com',
        amount,
        method: 'BITCOIN',
        status: 'pending',
        timestamp: at(`2026-02-0${n + 1}T00:00:00Z`)
      });
    }
    for (const [n, amount] of [5, 6.5, 7.25].entries()) {
      batch.set(platform.db.doc(`withdrawals/w${n}`), {
        userId: 'dana',
        email: 'dana@example.com',
        amount,
        cryptoType: 'ETHEREUM',
        walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        status: 'pending',
        createdAt: at(`2026-03-0${n + 1}T00:00:00Z`)
      });
    }
    await batch.commit();
  }

  /**
   * The bulk summary (every preview read first), then each record saved in turn with its preview's
   * version rebased on the figures the earlier records moved, as the bulk dialog's runBulk does.
   */
  async function bulk(kind: Kind, ids: string[], status: string, between?: (index: number) => Promise<void>): Promise<Ran[]> {
    const preview = async (id: string) => unwrap((await call()(`${kind}.preview`, { id, status } as never)) as Answer<StatusPreview>);
    const previews = await Promise.all(ids.map(preview));
    expect(previews.every((p) => p.allowed)).toBe(true);
    const moved = new Map<string, number>();
    const ran: Ran[] = [];
    for (const [index, id] of ids.entries()) {
      if (index > 0) await between?.(index);
      const version = rebaseVersion(previews[index]!.version, moved);
      const answer = (await call()(`${kind}.setStatus`, { id, status, operationId: randomUUID(), version } as never)) as Answer<StatusOutcome>;
      if (answer.ok) {
        for (const effect of answer.value.effects) if (effect.key) moved.set(effect.key, effect.after);
        ran.push({ id, kind: 'done' });
      } else ran.push({ id, kind: 'refused', why: answer.error.message, now: answer.error.code === 'STALE_VERSION' ? await preview(id) : null });
    }
    return ran;
  }

  const field = async (path: string, name: string) => (await platform.db.doc(path).get()).get(name);
  const audits = async () => (await platform.db.collection('auditLog').get()).docs.map((d) => d.data());

  it('five deposits of one referred customer, bulk Successful: 5 done, each its own transaction and audit entry', async () => {
    await writeCustomers();
    const ids = ['d0', 'd1', 'd2', 'd3', 'd4'];
    const results = await bulk('deposits', ids, 'success');
    expect(results.map((r) => r.kind)).toEqual(['done', 'done', 'done', 'done', 'done']);
    // 100.10 + 10.01 + 20.02 + 30.03 + 40.04 + 123.45
    expect(await field('users/dana', 'Totaldeposit')).toBe(323.65);
    // 5% of each, rounded to the cent each time: 0.50 + 1.00 + 1.50 + 2.00 + 6.17
    expect(await field('users/rita', 'balance')).toBe(21.17);
    const entries = await audits();
    expect(entries.map((e) => e.entityPath).sort()).toEqual(ids.map((id) => `deposits/${id}`));
    for (const id of ids) expect(await field(`deposits/${id}`, 'status')).toBe('success');
  });

  it('three withdrawals of one customer, bulk Approved then bulk Rejected on the others', async () => {
    await writeCustomers();
    expect((await bulk('withdrawals', ['w0', 'w1'], 'approved')).map((r) => r.kind)).toEqual(['done', 'done']);
    expect(await field('users/dana', 'Totalwithdrawal')).toBe(31.5);
    const extra = platform.db.batch();
    for (const n of [3, 4])
      extra.set(platform.db.doc(`withdrawals/w${n}`), {
        userId: 'dana',
        email: 'dana@example.com',
        amount: 1.25 * n,
        status: 'pending',
        createdAt: at('2026-03-09T00:00:00Z')
      });
    await extra.commit();
    expect((await bulk('withdrawals', ['w2', 'w3', 'w4'], 'rejected')).map((r) => r.kind)).toEqual(['done', 'done', 'done']);
    // 50 + 7.25 + 3.75 + 5 refunded, each once
    expect(await field('users/dana', 'balance')).toBe(66);
    expect(await audits()).toHaveLength(5);
  });

  it('a figure moved by anyone else during the run is refused with the new preview, and nothing is written for it', async () => {
    await writeCustomers();
    const results = await bulk('deposits', ['d0', 'd1', 'd2'], 'success', async (index) => {
      if (index === 2) await platform.db.doc('users/dana').update({ Totaldeposit: 1000 });
    });
    expect(results.map((r) => r.kind)).toEqual(['done', 'done', 'refused']);
    const refused = results[2]!;
    expect(refused).toMatchObject({ kind: 'refused', why: CHANGED_SINCE_PREVIEW });
    if (refused.kind !== 'refused') throw new Error('refused');
    expect(refused.now?.effects[0]).toMatchObject({ key: 'users/dana.Totaldeposit', before: 1000, after: 1030.03 });
    expect(await field('deposits/d2', 'status')).toBe('pending');
    expect(await field('users/dana', 'Totaldeposit')).toBe(1000);
    expect(await audits()).toHaveLength(2);
  });

  it('a record whose own amount or customer changed after the summary is refused; the others of the run go through', async () => {
    await writeCustomers();
    const results = await bulk('deposits', ['d0', 'd1', 'd2'], 'success', async (index) => {
      if (index === 1) await platform.db.doc('deposits/d1').update({ amount: 999 });
      if (index === 2) await platform.db.doc('deposits/d2').update({ userId: 'rita' });
    });
    expect(results.map((r) => r.kind)).toEqual(['done', 'refused', 'refused']);
    expect(await field('users/dana', 'Totaldeposit')).toBe(110.11);
    expect(await field('deposits/d1', 'status')).toBe('pending');
  });
});

describe('the version sees every field, whatever the record looks like', () => {
  const platform = usePlatform({ env: NO_BACKEND });
  const call = () => typed(platform.app);

  const lookalikes: Record<string, Record<string, unknown>> = {
    'top-level latitude and longitude': { latitude: 48.85, longitude: 2.35 },
    'top-level type and path': { type: 'document', path: 'users/dana' },
    'seconds and nanoseconds': { seconds: 1, nanoseconds: 2 },
    'a real geo point beside them': { latitude: 1, longitude: 2, where: new GeoPoint(1, 2) }
  };

  for (const [shape, fields] of Object.entries(lookalikes)) {
    it(`a deposit with ${shape}: amount changed after the preview, the commit is STALE_VERSION and writes nothing`, async () => {
      await platform.db.doc('users/dana').set({ fullname: 'Dana', email: 'dana@example.com', Totaldeposit: 0 });
      await platform.db.doc('deposits/odd').set({ userId: 'dana', userEmail: 'dana@example.com', amount: 10, status: 'pending', ...fields });
      const seen = await call()('deposits.preview', { id: 'odd', status: 'success' });
      if (!seen.ok) throw new Error(seen.error.message);
      await platform.db.doc('deposits/odd').update({ amount: 10_000 });
      const stale = await call()('deposits.setStatus', { id: 'odd', status: 'success', operationId: randomUUID(), version: seen.value.version });
      expect(stale).toEqual({ ok: false, error: { code: 'STALE_VERSION', message: CHANGED_SINCE_PREVIEW } });
      expect((await platform.db.doc('deposits/odd').get()).get('status')).toBe('pending');
      expect((await platform.db.doc('users/dana').get()).get('Totaldeposit')).toBe(0);
      expect((await platform.db.collection('auditLog').get()).size).toBe(0);
    });
  }
});
