import { randomUUID } from 'node:crypto';
import { fc } from '@fast-check/vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { MainServices } from '../../src/main/compose';
import type { StatusPreview } from '../../src/shared/contract';
import { NO_BACKEND, typed, usePlatform } from '../support/integration/moneyFixtures';

/**
 * Preview before commit, against the emulators: what deposits.preview / withdrawals.preview
 * announce is exactly what setStatus then writes (read back from Firestore), a preview writes
 * nothing, and a commit given a preview's version refuses when anything it read has changed.
 */

type Data = Record<string, unknown> | null;
const cents = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) / 100 : 0);
const byText = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** Each document's data and update time: a preview must leave both as they were. */
async function snapshot(db: Firestore, paths: string[]): Promise<Map<string, { data: Data; at: number | null }>> {
  const docs = await db.getAll(...paths.map((path) => db.doc(path)));
  return new Map(docs.map((d) => [d.ref.path, { data: d.exists ? (d.data() ?? null) : null, at: d.updateTime?.toMillis() ?? null }]));
}

/** Every document of the platform, with its update time. */
async function everything(db: Firestore): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const collection of await db.listCollections()) {
    for (const d of (await collection.get()).docs) out.set(d.ref.path, `${d.updateTime.toMillis()} ${JSON.stringify(d.data())}`);
  }
  return out;
}

/** The fields whose stored value differs between two snapshots, as 'users/c1.balance'. */
function changedFields(before: Map<string, { data: Data }>, after: Map<string, { data: Data }>): string[] {
  const changed: string[] = [];
  for (const [path, { data }] of before) {
    const now = after.get(path)?.data ?? null;
    for (const field of new Set([...Object.keys(data ?? {}), ...Object.keys(now ?? {})])) {
      if (JSON.stringify(data?.[field]) !== JSON.stringify(now?.[field])) changed.push(`${path}.${field}`);
    }
  }
  return changed.sort();
}

const ODD_AMOUNTS = [0.1 + 0.2, 123.45, 0.01, 250, '99.99'] as const;
const ODD_TOTALS = [0.1 + 0.2, 100.1, 0, undefined] as const;

interface DepositCase {
  amount: number | string;
  status: 'success' | 'failed';
  customer: 'present' | 'missing' | 'no e-mail';
  total: number | undefined;
  referrer: 'none' | 'one' | 'one without e-mail' | 'unknown code' | 'two';
  investment: 'none' | 'matching' | 'other amount' | 'already active' | 'missing';
  referrerBalance: number;
}

const depositCase: fc.Arbitrary<DepositCase> = fc.record({
  amount: fc.constantFrom(...ODD_AMOUNTS),
  status: fc.constantFrom('success', 'success', 'success', 'failed'),
  customer: fc.constantFrom('present', 'present', 'present', 'missing', 'no e-mail'),
  total: fc.constantFrom(...ODD_TOTALS),
  referrer: fc.constantFrom('none', 'one', 'one', 'one without e-mail', 'unknown code', 'two'),
  investment: fc.constantFrom('none', 'matching', 'matching', 'other amount', 'already active', 'missing'),
  referrerBalance: fc.constantFrom(0.1 + 0.2, 10, 0)
});

interface WithdrawalCase {
  amount: number | string;
  status: 'approved' | 'rejected';
  customer: 'present' | 'missing' | 'no e-mail';
  balance: number | undefined;
  total: number | undefined;
  platformTotal: number | string | undefined;
}

const withdrawalCase: fc.Arbitrary<WithdrawalCase> = fc.record({
  amount: fc.constantFrom(...ODD_AMOUNTS),
  status: fc.constantFrom('approved', 'rejected'),
  customer: fc.constantFrom('present', 'present', 'missing', 'no e-mail'),
  balance: fc.constantFrom(...ODD_TOTALS),
  total: fc.constantFrom(...ODD_TOTALS),
  platformTotal: fc.constantFrom(undefined, 0.1 + 0.2, 7.7, 'not a number')
});

const without = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

describe('preview before commit', () => {
  const platform = usePlatform({ fixtures: true, apps: 2, env: NO_BACKEND });
  const call = () => typed(platform.apps[0] as MainServices);
  const secondClient = () => typed(platform.apps[1] as MainServices);
  const count = async (name: string) => (await platform.db.collection(name).get()).size;
  const outboxOf = async (operationId: string) =>
    (await platform.db.collection('mailOutbox').where('auditId', '==', operationId).get()).docs.map((d) => ({ to: d.get('to'), kind: d.get('kind') }));

  const preview = async (method: 'deposits.preview' | 'withdrawals.preview', id: string, status: string): Promise<StatusPreview> => {
    const answer = await call()(method, { id, status } as never);
    if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
    return answer.value;
  };

  /**
   * Previews, checks nothing moved, commits with the preview's version, and checks the commit did
   * what the preview said: the same refusal, or every figure's before -> after as written, the
   * same e-mails queued, the same notes, and nothing else changed.
   */
  async function previewThenCommit(
    kind: 'deposits' | 'withdrawals',
    id: string,
    status: string,
    paths: string[],
    expected: { effects: { label: string; path: string }[] }
  ) {
    const before = await snapshot(platform.db, paths);
    const [audits, mails] = [await count('auditLog'), await count('mailOutbox')];
    const seen = await preview(`${kind}.preview`, id, status);
    expect(await snapshot(platform.db, paths), 'a preview wrote something').toEqual(before);
    expect([await count('auditLog'), await count('mailOutbox')]).toEqual([audits, mails]);

    const operationId = randomUUID();
    const committed = await call()(`${kind}.setStatus`, { id, status, operationId, version: seen.version } as never);
    const after = await snapshot(platform.db, paths);
    if (!seen.allowed) {
      expect(committed).toEqual({ ok: false, error: seen.refusal });
      expect(after).toEqual(before);
      expect(await count('auditLog')).toBe(audits);
      return seen;
    }
    if (!committed.ok) throw new Error(`the preview allowed it, the commit said ${committed.error.message}`);

    const field = (figure: string) => {
      const dot = figure.indexOf('.');
      return { data: (snap: typeof before) => snap.get(figure.slice(0, dot))?.data?.[figure.slice(dot + 1)] };
    };
    const written = expected.effects.map(({ label, path }) => ({
      key: path,
      label,
      before: cents(field(path).data(before)),
      after: field(path).data(after) as number
    }));
    expect(seen.effects).toEqual(written);
    expect(committed.value.effects.map((e) => [e.before, e.after])).toEqual(seen.effects.map((e) => [e.before, e.after]));
    expect(committed.value.notes).toEqual(seen.notes);
    expect(byText(await outboxOf(operationId))).toEqual(byText(seen.emails));
    expect(committed.value.emailsQueued).toBe(seen.emails.length);

    const activated = seen.activation?.activates ? [`investments/${seen.activation.investmentId}.status`] : [];
    // A 5% bonus on $0.01 rounds to $0.00: announced as $10.00 -> $10.00, and the stored value stays,
    // unless it was stored with float noise (0.30000000000000004), which the rule writes back in cents.
    const moved = expected.effects.filter(({ path }) => field(path).data(before) !== field(path).data(after)).map((e) => e.path);
    const changed = changedFields(before, after);
    expect(changed.filter((f) => !f.endsWith('.lastAuditId'))).toEqual([`${kind}/${id}.status`, ...moved, ...activated].sort());
    // Every document the decision wrote names its audit entry (firestore.rules demand it).
    for (const f of changed) expect(after.get(f.slice(0, f.indexOf('.')))?.data?.lastAuditId, f).toBe(operationId);
    return seen;
  }

  it('deposits: the previewed before -> after of every figure, the e-mails and the activation are what the commit wrote', async () => {
    let n = 0;
    const tried = { allowed: 0, refused: 0, activated: 0, bonus: 0 };
    await fc.assert(
      fc.asyncProperty(depositCase, async (c) => {
        n++;
        const [id, customerId, code] = [`d${n}`, `c${n}`, `CODE${n}`];
        const batch = platform.db.batch();
        const name = `Customer ${n}`;
        const email = c.customer === 'no e-mail' ? undefined : `c${n}@example.com`;
        if (c.customer !== 'missing') {
          batch.set(
            platform.db.doc(`users/${customerId}`),
            without({
              fullname: name,
              email,
              Totaldeposit: c.total,
              balance: 5,
              myReferralId: `OWN${n}`,
              referreduserid: c.referrer === 'none' ? undefined : code
            })
          );
        }
        const referrers = c.referrer === 'two' ? [`r${n}`, `r${n}b`] : c.referrer.startsWith('one') ? [`r${n}`] : [];
        for (const r of referrers) {
          const referrerEmail = c.referrer === 'one without e-mail' ? undefined : `${r}@example.com`;
          batch.set(
            platform.db.doc(`users/${r}`),
            without({ fullname: `Referrer ${r}`, email: referrerEmail, balance: c.referrerBalance, myReferralId: code })
          );
        }
        const investmentId = c.investment === 'none' ? undefined : `i${n}`;
        if (investmentId && c.investment !== 'missing') {
          const amount = c.investment === 'other amount' ? 1_000 : c.amount;
          batch.set(platform.db.doc(`investments/${investmentId}`), {
            userId: customerId,
            plan: 'Gold',
            amount,
            status: c.investment === 'already active' ? 'active' : 'pending'
          });
        }
        batch.set(
          platform.db.doc(`deposits/${id}`),
          without({ userId: customerId, userEmail: email, amount: c.amount, method: 'BITCOIN', status: 'pending', investmentId })
        );
        await batch.commit();

        const bonus = c.status === 'success' && c.customer !== 'missing' && referrers.length === 1;
        const effects =
          c.status !== 'success' || c.customer === 'missing'
            ? []
            : [
                { label: `Total deposit of ${name}`, path: `users/${customerId}.Totaldeposit` },
                ...(bonus ? [{ label: `Balance of Referrer r${n}, referrer with code ${code} (referral bonus)`, path: `users/r${n}.balance` }] : [])
              ];
        const paths = [
          `deposits/${id}`,
          `users/${customerId}`,
          ...referrers.map((r) => `users/${r}`),
          ...(investmentId ? [`investments/${investmentId}`] : [])
        ];
        const seen = await previewThenCommit('deposits', id, c.status, paths, { effects });

        expect(seen.allowed).toBe(!(c.status === 'success' && c.customer === 'missing'));
        if (c.status === 'success' && seen.allowed && investmentId) {
          expect(seen.activation).toMatchObject({ investmentId, activates: c.investment === 'matching' });
          if (c.investment !== 'missing') expect(seen.activation).toMatchObject({ plan: 'Gold' });
          if (c.investment !== 'matching') expect(seen.activation?.why).toBeTruthy();
        } else expect(seen.activation).toBeNull();
        if (!seen.allowed)
          expect(seen.refusal).toEqual({ code: 'NOT_FOUND', message: `The customer who made this deposit (users/${customerId}) does not exist.` });
        tried[seen.allowed ? 'allowed' : 'refused']++;
        if (seen.activation?.activates) tried.activated++;
        if (bonus) tried.bonus++;
      }),
      {
        numRuns: 40,
        examples: [
          [
            { amount: 0.1 + 0.2, status: 'success', customer: 'present', total: 0.1 + 0.2, referrer: 'one', investment: 'matching', referrerBalance: 0.1 + 0.2 }
          ],
          [{ amount: 123.45, status: 'success', customer: 'present', total: 100.1, referrer: 'one', investment: 'other amount', referrerBalance: 10 }],
          [{ amount: 123.45, status: 'success', customer: 'missing', total: 0, referrer: 'one', investment: 'matching', referrerBalance: 10 }],
          [{ amount: '99.99', status: 'success', customer: 'no e-mail', total: undefined, referrer: 'none', investment: 'missing', referrerBalance: 0 }]
        ]
      }
    );
    expect(tried.allowed).toBeGreaterThan(0);
    expect(tried.refused).toBeGreaterThan(0);
    expect(tried.activated).toBeGreaterThan(0);
    expect(tried.bonus).toBeGreaterThan(0);
  });

  it('withdrawals: the previewed totals and refunds are what the commit wrote', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(withdrawalCase, async (c) => {
        n++;
        const [id, customerId, name] = [`w${n}`, `c${n}`, `Customer ${n}`];
        const email = c.customer === 'no e-mail' ? undefined : `c${n}@example.com`;
        if (c.customer !== 'missing') {
          await platform.db
            .doc(`users/${customerId}`)
            .set(without({ fullname: name, email, balance: c.balance, Totalwithdrawal: c.total, Totalwithdrawals: c.platformTotal }));
        }
        await platform.db
          .doc(`withdrawals/${id}`)
          .set(without({ userId: customerId, email, amount: c.amount, cryptoType: 'ETHEREUM', walletAddress: '0xabc', status: 'pending' }));
        const effects =
          c.customer === 'missing'
            ? []
            : c.status === 'rejected'
              ? [{ label: `Balance of ${name} (refund)`, path: `users/${customerId}.balance` }]
              : [
                  { label: `Total withdrawal of ${name}`, path: `users/${customerId}.Totalwithdrawal` },
                  ...(typeof c.platformTotal === 'number'
                    ? [{ label: `Total withdrawals (platform spelling) of ${name}`, path: `users/${customerId}.Totalwithdrawals` }]
                    : [])
                ];
        const seen = await previewThenCommit('withdrawals', id, c.status, [`withdrawals/${id}`, `users/${customerId}`], { effects });
        expect(seen.allowed).toBe(c.customer !== 'missing');
        expect(seen.emails).toEqual(
          c.customer === 'present' ? [{ to: email, kind: c.status === 'approved' ? 'withdrawalProcessed' : 'withdrawalRejected' }] : []
        );
      }),
      {
        numRuns: 30,
        examples: [
          [{ amount: 0.1 + 0.2, status: 'rejected', customer: 'present', balance: 0.1 + 0.2, total: 0, platformTotal: undefined }],
          [{ amount: 123.45, status: 'approved', customer: 'present', balance: 40.1, total: 0.1 + 0.2, platformTotal: 7.7 }],
          [{ amount: 123.45, status: 'approved', customer: 'missing', balance: 0, total: 0, platformTotal: undefined }]
        ]
      }
    );
  });

  it('a second client changing a figure the rule reads between preview and commit makes the commit refuse, write nothing, and a new preview commits', async () => {
    const seen = await preview('deposits.preview', 'dep-linked', 'success');
    expect(seen.effects).toEqual([
      { key: 'users/dana.Totaldeposit', label: 'Total deposit of Dana Depositor', before: 100.1, after: 223.55 },
      { key: 'users/rita.balance', label: 'Balance of Rita Referrer, referrer with code REFRITA (referral bonus)', before: 10, after: 16.17 }
    ]);
    expect(seen.activation).toEqual({ investmentId: 'inv1', plan: 'Gold', amount: 123.45, activates: true, why: null });

    // The depositor's balance is not read by the deposit rule: changing it leaves the version as it was.
    const untouched = await secondClient()('users.adjust', {
      id: 'dana',
      field: 'balance',
      operation: 'add',
      amount: 25,
      reason: 'Goodwill',
      allowNegative: false,
      operationId: randomUUID()
    });
    expect(untouched.ok).toBe(true);
    expect((await preview('deposits.preview', 'dep-linked', 'success')).version).toBe(seen.version);
    const adjusted = await secondClient()('users.adjust', {
      id: 'rita',
      field: 'balance',
      operation: 'add',
      amount: 1,
      reason: 'Goodwill',
      allowNegative: false,
      operationId: randomUUID()
    });
    expect(adjusted.ok).toBe(true);
    const before = await everything(platform.db);

    const operationId = randomUUID();
    const stale = await call()('deposits.setStatus', { id: 'dep-linked', status: 'success', operationId, version: seen.version });
    expect(stale).toEqual({ ok: false, error: { code: 'STALE_VERSION', message: 'This record changed since you opened it.' } });
    expect(await everything(platform.db)).toEqual(before);

    const fresh = await preview('deposits.preview', 'dep-linked', 'success');
    expect(fresh.version).not.toBe(seen.version);
    expect(fresh.effects[1]).toMatchObject({ before: 11, after: 17.17 });
    const committed = await call()('deposits.setStatus', { id: 'dep-linked', status: 'success', operationId: randomUUID(), version: fresh.version });
    expect(committed.ok).toBe(true);
    expect((await platform.db.doc('users/dana').get()).get('Totaldeposit')).toBe(223.55);
    expect((await platform.db.doc('users/rita').get()).get('balance')).toBe(17.17);
  });

  it('a withdrawal refund previewed on an old balance is refused once the balance moved, and the refund is not applied', async () => {
    const seen = await preview('withdrawals.preview', 'wd-reject', 'rejected');
    expect(seen.effects).toEqual([{ key: 'users/wes.balance', label: 'Balance of Wes Withdrawer (refund)', before: 40.1, after: 40.3 }]);
    await platform.db.doc('users/wes').update({ balance: 1 });
    const stale = await call()('withdrawals.setStatus', { id: 'wd-reject', status: 'rejected', operationId: randomUUID(), version: seen.version });
    expect(stale).toEqual({ ok: false, error: { code: 'STALE_VERSION', message: 'This record changed since you opened it.' } });
    expect((await platform.db.doc('users/wes').get()).get('balance')).toBe(1);
    expect((await platform.db.doc('withdrawals/wd-reject').get()).get('status')).toBe('pending');
    expect(await count('auditLog')).toBe(0);
    expect(await count('mailOutbox')).toBe(0);
    const fresh = await preview('withdrawals.preview', 'wd-reject', 'rejected');
    expect(fresh.effects).toEqual([{ key: 'users/wes.balance', label: 'Balance of Wes Withdrawer (refund)', before: 1, after: 1.2 }]);
  });

  it('a replay of a committed change with its version answers the first outcome, even after the record moved on', async () => {
    const seen = await preview('withdrawals.preview', 'wd-approve', 'approved');
    const input = { id: 'wd-approve', status: 'approved' as const, operationId: randomUUID(), version: seen.version };
    const first = await call()('withdrawals.setStatus', input);
    expect(first.ok).toBe(true);
    await platform.db.doc('users/wes').update({ balance: 3 });
    expect(await secondClient()('withdrawals.setStatus', input)).toEqual(first);
    expect(await count('auditLog')).toBe(1);
  });

  it('a preview writes nothing: no audit entry, no e-mail, every document as it was', async () => {
    await platform.db.doc('compoundInvest/cinv1').set({ email: 'dana@example.com', plan: 'Gold', amount: 50, status: 'active' });
    const before = await everything(platform.db);
    const answers = await Promise.all([
      call()('deposits.preview', { id: 'dep-linked', status: 'success' }),
      call()('deposits.preview', { id: 'dep-dangling', status: 'failed' }),
      call()('withdrawals.preview', { id: 'wd-approve', status: 'approved' }),
      call()('withdrawals.preview', { id: 'wd-reject', status: 'rejected' }),
      call()('investments.preview', { id: 'inv1', status: 'active' }),
      call()('compoundInvestments.preview', { id: 'cinv1', status: 'completed' })
    ]);
    for (const answer of answers) expect(answer.ok).toBe(true);
    expect(await everything(platform.db)).toEqual(before);
    expect(await count('auditLog')).toBe(0);
    expect(await count('mailOutbox')).toBe(0);
  });

  it('says why a change would be refused, and a record that does not exist is NOT_FOUND', async () => {
    expect(await preview('withdrawals.preview', 'wd-approved', 'rejected')).toMatchObject({
      allowed: false,
      refusal: { code: 'CONFLICT', message: 'Cannot change status of an approved withdrawal.' },
      effects: [],
      emails: []
    });
    expect(await call()('deposits.preview', { id: 'no-such-deposit', status: 'success' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Deposit not found.' }
    });
    expect(await call()('deposits.preview', { id: 'dep-linked', status: 'success', operationId: randomUUID() } as never)).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' }
    });
  });

  it('investment previews name no money and no e-mail, and their version guards the commit too', async () => {
    const seen = await call()('investments.preview', { id: 'inv1', status: 'completed' });
    expect(seen).toMatchObject({ ok: true, value: { allowed: true, effects: [], emails: [], activation: null } });
    await platform.db.doc('investments/inv1').update({ plan: 'Platinum' });
    const version = seen.ok ? seen.value.version : '';
    expect(await call()('investments.setStatus', { id: 'inv1', status: 'completed', operationId: randomUUID(), version })).toEqual({
      ok: false,
      error: { code: 'STALE_VERSION', message: 'This record changed since you opened it.' }
    });
  });
});
