// `npm run bench -- --soak`: a simulated shift against the emulators, through the app's own
// composition root. New pending records arrive from another process while three lists are watched,
// the administrator decides 500 of them (one at a time and in bulk runs), desktop notifications are
// raised, and the administrator signs out and in twice. The main process's heap (after a full
// garbage collection) and its open Firestore listeners are read at the start, the middle and the
// end: the shift must not leak.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startMainServices, type MainServices } from '../../src/main/compose';
import { showDesktopNotifications } from '../../src/main/electron/notifications';
import type { Input, Output, StatusOutcome, StatusPreview } from '../../src/shared/contract';
import { rebaseVersion } from '../../src/shared/domain/readVersion';
import type { MethodName } from '../../src/shared/methods';
import { DEMO_ADMIN } from '../devenv/demo-accounts';
import type { EmulatorHosts } from '../devenv/emulators';
import { ACTIVITY_EVERY_MS, appEnv } from './app';
import { startChild, stopChild } from './processes';

export const SOAK = { records: 2_000, decisions: 500, notifications: 200, signOuts: 2, customers: 20, heapGrowthMb: 20 } as const;

export interface SoakPoint {
  at: 'start' | 'middle' | 'end';
  heapMb: number;
  listeners: number;
  decisions: number;
}

export interface SoakResult {
  points: SoakPoint[];
  decisions: { single: number; inBulk: number; refused: number };
  /** Calls tried again while Firestore was out of reach. */
  retries: number;
  arrived: number;
  notifications: { raised: number; heldAtEnd: number };
  signOuts: number;
  ms: number;
  heapGrowthMb: number;
  met: boolean;
  detail: string;
}

type Kind = 'deposits' | 'withdrawals';
const DECIDE: Record<Kind, [string, string]> = { deposits: ['success', 'failed'], withdrawals: ['approved', 'rejected'] };
/** The lists a screen keeps open during the shift: both queues and the newest deposits. */
const WATCHED: Input<'live.watchList'>[] = [
  { list: 'deposits', request: { status: 'pending', order: 'oldest' } },
  { list: 'withdrawals', request: { status: 'pending', order: 'oldest' } },
  { list: 'deposits', request: { order: 'newest' } }
];

/** A full collection first, so the heap read is what is still held, not garbage waiting. */
export function collector(): () => void {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

export async function runSoak(hosts: EmulatorHosts, root: string, log: (line: string) => void): Promise<SoakResult> {
  const started = performance.now();
  const fullGc = collector();
  process.env.METADATA_SERVER_DETECTION = 'none';
  const admin = initializeApp({ projectId: hosts.projectId }, `ledgerdesk-soak-${process.pid}`);
  const db = getFirestore(admin);
  const batch = db.batch();
  for (let n = 0; n < SOAK.customers; n++) {
    batch.set(db.doc(`users/soak-customer-${n}`), {
      fullname: `Soak Customer ${n}`,
      email: `soak-customer-${n}@example.com`,
      balance: 1_000_000,
      Totaldeposit: 0,
      Totalwithdrawal: 0
    });
  }
  await batch.commit();
  await deleteApp(admin);

  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-soak-'));
  const services: MainServices = await startMainServices({ transport: 'browser', dataDir, version: 'bench', env: appEnv(hosts) });
  const call = async <M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> => {
    const result = await services.dispatch(method, input);
    if (!result.ok) throw Object.assign(new Error(`${method}: ${result.error.message}`), { code: result.error.code });
    return result.value as Output<M>;
  };

  /**
   * A call the administrator tries again while Firestore is out of reach (UNAVAILABLE), as the
   * screens' Try again does. The emulator drops busy listen streams now and then (its own known
   * fault), and the SDK then answers reads as offline until the stream is back.
   */
  let retries = 0;
  const patiently = async <T>(run: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if ((error as { code?: string }).code !== 'UNAVAILABLE' || attempt >= 120) throw error;
        retries += 1;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  };
  // Desktop notifications as the Electron entry wires them, with notifications that only count.
  let raised = 0;
  let held = 0;
  const stopNotifications = showDesktopNotifications({
    events: services.events,
    isSupported: () => true,
    wanted: async () => raised < SOAK.notifications,
    focusWindow: () => undefined,
    create: () => {
      raised += 1;
      held += 1;
      return { on: () => undefined, show: () => undefined, close: () => void (held -= 1) };
    }
  });
  let arrived = 0;
  const unsubscribe = services.events.subscribe((event) => {
    if (event === 'live.newPending') arrived += 1;
  });

  // The administrator is at work all shift: the page reports activity, so no idle sign-out cuts in.
  const heartbeat = setInterval(() => void services.dispatch('session.activity', {}), ACTIVITY_EVERY_MS);

  // What a signed-in screen does: sign in, show the sidebar counts, open the three lists.
  const openScreens = async () => {
    await call('session.signIn', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, rememberMe: false });
    await patiently(() => call('live.pendingCounts', {}));
    for (const watch of WATCHED) await call('live.watchList', watch);
  };
  await openScreens();

  const decisions = { single: 0, inBulk: 0, refused: 0 };
  const made = () => decisions.single + decisions.inBulk + decisions.refused;
  const points: SoakPoint[] = [];
  const point = async (at: SoakPoint['at']) => {
    await new Promise((r) => setTimeout(r, 500));
    fullGc();
    points.push({ at, heapMb: mb(process.memoryUsage().heapUsed), listeners: services.openListeners(), decisions: made() });
    log(`soak ${at}: heap ${points.at(-1)!.heapMb} MB, ${points.at(-1)!.listeners} listeners, ${made()} decisions`);
  };

  /** One record decided as the decision dialog does: its preview, then the change with that version (one action id for its retries). */
  const decideOne = async (kind: Kind, id: string, status: string, version?: string): Promise<StatusOutcome | null> => {
    const operationId = randomUUID();
    try {
      const preview = version ?? ((await patiently(() => call(`${kind}.preview`, { id, status } as never))) as StatusPreview).version;
      return (await patiently(() => call(`${kind}.setStatus`, { id, status, operationId, version: preview, reason: 'Soak run' } as never))) as StatusOutcome;
    } catch (error) {
      decisions.refused += 1;
      if (decisions.refused <= 3) log(`soak: refused ${kind}/${id} -> ${status}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  /** A bulk run as the bulk dialog does it: every preview first, then each record rebased on the run's moves. */
  const decideBulk = async (kind: Kind, ids: string[], status: string) => {
    const previews = await patiently(() => Promise.all(ids.map((id) => call(`${kind}.preview`, { id, status } as never) as Promise<StatusPreview>))).catch(
      () => null
    );
    if (!previews) {
      decisions.refused += ids.length;
      return;
    }
    const moved = new Map<string, number>();
    for (const [i, id] of ids.entries()) {
      const outcome = await decideOne(kind, id, status, rebaseVersion(previews[i]!.version, moved));
      if (!outcome) continue;
      decisions.inBulk += 1;
      for (const effect of outcome.effects) if (effect.key) moved.set(effect.key, effect.after);
    }
  };

  // Warm-up: the first previews and decisions load code paths the rest of the shift reuses.
  const writer = startChild(process.execPath, ['--import', 'tsx', resolve(root, 'tools/bench/soakWriter.ts')], {
    cwd: root,
    env: { ...process.env, ...appEnv(hosts), SOAK_RECORDS: String(SOAK.records), SOAK_EVERY_MS: '50', SOAK_CUSTOMERS: String(SOAK.customers) }
  });
  const writerDone = new Promise<number>((done) => writer.once('exit', (code) => done(code ?? 1)));
  await new Promise((r) => setTimeout(r, 3_000));
  await point('start');

  let signOuts = 0;
  for (let round = 0; made() < SOAK.decisions; round++) {
    const kind: Kind = round % 2 === 0 ? 'deposits' : 'withdrawals';
    const page = (await patiently(() => call(`${kind}.list`, { status: 'pending', order: 'oldest', pageSize: 10 } as never))) as { rows: { id: string }[] };
    const rows = page.rows.filter((row) => row.id.startsWith('soak-'));
    if (rows.length === 0) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const status = DECIDE[kind][round % 4 < 2 ? 0 : 1]!;
    const left = SOAK.decisions - made();
    if (round % 3 === 2 && rows.length >= 3)
      await decideBulk(
        kind,
        rows.slice(0, Math.min(5, left)).map((row) => row.id),
        status
      );
    else if ((await decideOne(kind, rows[0]!.id, status)) !== null) decisions.single += 1;

    if (points.length === 1 && made() >= SOAK.decisions / 2) await point('middle');
    const due = Math.floor((made() * (SOAK.signOuts + 1)) / SOAK.decisions);
    if (signOuts < SOAK.signOuts && due > signOuts) {
      signOuts += 1;
      await services.signOut('signedOut');
      log(`soak: signed out (${signOuts}), ${services.openListeners()} listeners`);
      await openScreens();
    }
  }
  const writerCode = await writerDone;
  if (writerCode !== 0) log(`soak: the writer stopped with code ${writerCode}`);
  await stopChild(writer);
  await point('end');

  clearInterval(heartbeat);
  unsubscribe();
  stopNotifications();
  await services.dispose();
  rmSync(dataDir, { recursive: true, force: true });

  const [start, , end] = points;
  const growth = Math.round((end!.heapMb - start!.heapMb) * 10) / 10;
  const listenersBack = end!.listeners === start!.listeners;
  const met = growth <= SOAK.heapGrowthMb && listenersBack;
  return {
    points,
    decisions,
    retries,
    arrived,
    notifications: { raised, heldAtEnd: held },
    signOuts,
    ms: Math.round(performance.now() - started),
    heapGrowthMb: growth,
    met,
    detail:
      `heap ${start!.heapMb} -> ${points[1]?.heapMb ?? '?'} -> ${end!.heapMb} MB (growth ${growth} MB, limit ${SOAK.heapGrowthMb} MB); ` +
      `listeners ${points.map((p) => p.listeners).join(' -> ')} (back to the start: ${listenersBack ? 'yes' : 'no'}); ` +
      `${made()} decisions (${decisions.single} single, ${decisions.inBulk} in bulk runs, ${decisions.refused} refused; ${retries} calls tried again), ` +
      `${arrived} arrivals noticed, ${raised} notifications raised (${held} held at the end), ${signOuts} sign-outs`
  };
}
