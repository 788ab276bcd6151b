// E-mails leave without a desktop (docs/operations/functions.md): the platform delivers each queued
// e-mail the moment it is queued (the mailOutbox trigger) and sweeps up the ones whose back-off has
// passed (a schedule), with the desktop's own delivery step (src/core/mailDelivery.ts): the same
// lease, Idempotency-Key, states and back-off, so a trigger that fires twice still sends once.
import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { deliverQueuedMail, type Delivery } from '../../src/core/mailDelivery';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../src/shared/domain/platformSettings';
import type { BackendHostDeps } from '../deps';
import { LONGEST_SEND_MS } from '../mailer';
import { sendMailOnce } from '../routes/sendMail';
import { adminMailOutbox, type DeliveryOutbox } from './outbox';

export interface PlatformMailDeps extends Pick<BackendHostDeps, 'mailer' | 'operations' | 'log'> {
  db: Firestore;
  now?: () => number;
  /** Who holds an entry's lease while this deliverer sends it; one per running instance. */
  owner?: string;
  /** For tests: the outbox as a store other than Firestore's. */
  outbox?: DeliveryOutbox;
}

/** Who the idempotency records name as the sender: no administrator asked, the platform did. */
export const PLATFORM_SENDER = 'ledgerdesk-functions';

/** How long a sweep may run: the function's timeoutSeconds (functions/src/mail.ts), two of its minutes. */
export const SWEEP_TIMEOUT_SECONDS = 120;

/**
 * The trigger's time for its one e-mail: claiming it, the longest a send may wait on the mail server
 * (LONGEST_SEND_MS), and its mark. The default 60 s was shorter than one slow send, so a stopped
 * trigger left its e-mail to the lease and a later attempt.
 */
export const TRIGGER_TIMEOUT_SECONDS = Math.ceil((LONGEST_SEND_MS + 20_000) / 1_000);

/** Time a sweep keeps when it stops claiming: the send under way may take LONGEST_SEND_MS, then its mark. */
export const SWEEP_MARGIN_MS = LONGEST_SEND_MS + 10_000;

/** What one entry takes over a pooled connection, claim and mark included, with room to spare. */
const PER_ENTRY_MS = 1_000;

/** What the sweep reads at most per run, as many as it has time to claim; the rest waits for the next minute. */
export const SWEEP_BATCH = Math.floor((SWEEP_TIMEOUT_SECONDS * 1_000 - SWEEP_MARGIN_MS) / PER_ENTRY_MS);

const instanceOwner = `functions:${randomUUID()}`;

/** Whether settings/ledgerdesk hands the queue to the platform; otherwise a running Ledgerdesk delivers it. */
const platformDelivers = async (db: Firestore): Promise<boolean> =>
  readPlatformSettings((await db.doc(PLATFORM_SETTINGS_PATH).get()).data() ?? null).mailDelivery === 'server';

function deliverer(deps: PlatformMailDeps) {
  const outbox = deps.outbox ?? adminMailOutbox(deps.db);
  const now = deps.now ?? Date.now;
  return {
    outbox,
    now,
    deliver: (id: string): Promise<Delivery> =>
      deliverQueuedMail(id, {
        outbox,
        owner: deps.owner ?? instanceOwner,
        nowMs: now,
        send: async (mail, key) => {
          const answer = await sendMailOnce(deps, PLATFORM_SENDER, mail, key);
          if (answer.status !== 200) throw new Error((answer.body as { error?: string } | null)?.error ?? `The send answered ${answer.status}.`);
        }
      })
  };
}

/** The mailOutbox trigger: one new entry, delivered now when the platform delivers e-mail. */
export async function deliverNewMail(deps: PlatformMailDeps, id: string): Promise<Delivery | 'desktop delivers'> {
  if (!(await platformDelivers(deps.db))) return 'desktop delivers';
  const delivered = await deliverer(deps).deliver(id);
  deps.log(`mailOutbox/${id}: ${delivered}`);
  return delivered;
}

/**
 * The schedule: the entries whose next attempt is due (a failure's back-off passed, a lease that ran
 * out), oldest first, claimed one after another until the deadline, so the last send ends before the
 * function's timeout stops it mid-send; what is left waits for the next minute.
 */
export async function sweepMailOutbox(deps: PlatformMailDeps): Promise<{ sent: number; failed: number } | 'desktop delivers'> {
  const { outbox, now, deliver } = deliverer(deps);
  const stopClaimingAt = now() + SWEEP_TIMEOUT_SECONDS * 1_000 - SWEEP_MARGIN_MS;
  if (!(await platformDelivers(deps.db))) return 'desktop delivers';
  const tally = { sent: 0, failed: 0 };
  const due = await outbox.due(now(), SWEEP_BATCH);
  let next = 0;
  while (next < due.length && now() < stopClaimingAt) {
    const delivered = await deliver(due[next++]!);
    if (delivered !== 'not due') tally[delivered] += 1;
  }
  const left = due.length - next;
  if (tally.sent + tally.failed + left > 0) deps.log(`mail sweep: ${tally.sent} sent, ${tally.failed} failed${left ? `, ${left} left for the next run` : ''}`);
  return tally;
}
