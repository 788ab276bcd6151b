import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import functionsTest from 'firebase-functions-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationRun } from '../../../src/shared/contract';
import {
  inProcessPageQueue,
  NIGHTLY,
  nightlyOperationId,
  nightlyReconciliation,
  pageRetryWindowMs,
  reconcileNextPage,
  RUN_GOING,
  RUN_SILENT_AFTER_MS,
  runPageTask,
  startServerRun,
  type PageTask,
  type ServerRunDeps
} from '../../../server/platform/reconciliation';
import { adminReconciliationStore } from '../../../server/platform/reconciliationStore';
import { startDemoPlatform, type DemoPlatform } from '../../../tools/devenv/demo-platform';
import { signedInApp, typed, usePlatform } from '../../support/integration/moneyFixtures';
import { EXPECTED_DRIFTED, EXPECTED_ORPHANS, EXPECTED_TOTALS, seedReconciliation } from '../../support/integration/reconciliationFixtures';
import { emulatorHosts, eventually } from '../../support/integration/emulatorHosts';

// Reconciliation on the server (server/platform/reconciliation.ts, functions/src/reconciliation.ts): the
// nightly schedule, the task queue one page per task, against this run's emulators, on the customers
// whose result the desktop's run finds too (reconciliationFixtures.ts).

/** Small pages, so a run takes several tasks: 7 customers in 4. */
const SIZES = { customers: 2, records: 3 };

/** A queue that keeps what is put in it; the test delivers the tasks, as Cloud Tasks would (or twice, as it may). */
function heldQueue() {
  const tasks: PageTask[] = [];
  return { tasks, enqueue: async (task: PageTask) => void tasks.push(task) };
}

describe('reconciliation run by the server', () => {
  const platform = usePlatform({ per: 'file', env: { LEDGERDESK_BACKEND_URL: 'http://127.0.0.1:9' } });
  const deps = (queue: ServerRunDeps['queue'], now?: Date): ServerRunDeps => ({
    db: platform.db,
    queue,
    log: () => undefined,
    sizes: SIZES,
    ...(now ? { now: () => now } : {})
  });
  const stored = async (runId: string) => (await platform.db.doc(`reconciliationRuns/${runId}`).get()).data() ?? {};
  const driftedIds = async (runId: string) => (await platform.db.collection(`reconciliationRuns/${runId}/drifted`).get()).docs.map((d) => d.id).sort();
  const stopEveryRun = async () => {
    for (const run of (await platform.db.collection('reconciliationRuns').where('state', '==', 'running').get()).docs)
      await run.ref.update({ state: 'stopped' });
  };

  beforeAll(async () => {
    await seedReconciliation(platform.db, platform.app);
  });

  it('runs one page per task to the result the desktop finds, each task queueing the next, with the drifted customers audited', async () => {
    const queue = heldQueue();
    const { runId, started } = await startServerRun(deps(queue), { uid: 'admin-1', email: 'ana@ledger.test' }, randomUUID());
    expect(started).toBe(true);
    expect(await stored(runId)).toMatchObject({ state: 'running', by: 'server', startedBy: 'ana@ledger.test' });
    const outcomes: string[] = [];
    for (let task = queue.tasks.shift(); task; task = queue.tasks.shift()) outcomes.push(await reconcileNextPage(deps(queue), task));
    expect(outcomes).toEqual(['page saved', 'page saved', 'page saved', 'finished']);
    const run = await stored(runId);
    expect(run).toMatchObject({ state: 'finished', totals: expect.objectContaining({ ...EXPECTED_TOTALS, orphanPaths: EXPECTED_ORPHANS }) });
    expect(await driftedIds(runId)).toEqual(EXPECTED_DRIFTED);
    const kept = await platform.db.collection(`reconciliationRuns/${runId}/drifted`).get();
    const entries = new Set(kept.docs.map((d) => d.get('lastAuditId') as string));
    for (const id of entries) expect((await platform.db.doc(`auditLog/${id}`).get()).get('action')).toBe('reconciliation.keepDrifted');

    // The desktop lists it, saying the server ran it.
    const listed = await typed(platform.app)('reconciliation.run', { id: runId });
    expect(listed).toMatchObject({ ok: true, value: { by: 'server', state: 'finished', totals: expect.objectContaining(EXPECTED_TOTALS) } });
  });

  it('counts each page once when every task is delivered twice at once and again later', async () => {
    await stopEveryRun();
    const queue = heldQueue();
    const { runId } = await startServerRun(deps(queue), NIGHTLY, randomUUID());
    const seen: string[] = [];
    // Cloud Tasks delivers at least once: here, every task twice at the same moment, and once more afterwards.
    for (let task = queue.tasks.shift(), n = 0; task && n < 40; task = queue.tasks.shift(), n++) {
      seen.push(...(await Promise.all([reconcileNextPage(deps(queue), task), reconcileNextPage(deps(queue), { ...task })])));
      seen.push(await reconcileNextPage(deps(queue), task));
    }
    expect(queue.tasks).toEqual([]);
    // Copies that found their page taken or already saved wrote nothing.
    expect(seen.filter((s) => s === 'lost' || s === 'busy' || s === 'not running').length).toBeGreaterThan(0);
    expect(await stored(runId)).toMatchObject({ state: 'finished', totals: expect.objectContaining({ ...EXPECTED_TOTALS, orphanPaths: EXPECTED_ORPHANS }) });
    expect(await driftedIds(runId)).toEqual(EXPECTED_DRIFTED);
  });

  it('takes its page back when the queue retries a task that died mid-page, and another task waits its turn', async () => {
    await stopEveryRun();
    const queue = heldQueue();
    const { runId } = await startServerRun(deps(queue), NIGHTLY, randomUUID());
    const first = queue.tasks.shift()!;
    // The task claims its page and dies before saving it.
    const dying = adminReconciliationStore(platform.db);
    await expect(reconcileNextPage({ ...deps(queue), store: { ...dying, save: () => Promise.reject(new Error('instance stopped')) } }, first)).rejects.toThrow(
      'instance stopped'
    );
    // Another task (a stray copy) finds the page held and leaves it alone; the retry of the same task takes it back.
    expect(await reconcileNextPage(deps(queue), { ...first, wake: randomUUID() })).toBe('busy');
    expect(await reconcileNextPage(deps(queue), first)).toBe('page saved');
    for (let task = queue.tasks.shift(); task; task = queue.tasks.shift()) await reconcileNextPage(deps(queue), task);
    expect(await stored(runId)).toMatchObject({ state: 'finished', totals: expect.objectContaining(EXPECTED_TOTALS) });
  });

  it('stops between pages when the administrator stops the run on the Reconciliation screen', async () => {
    await stopEveryRun();
    const queue = heldQueue();
    const { runId } = await startServerRun(deps(queue), NIGHTLY, randomUUID());
    expect(await reconcileNextPage(deps(queue), queue.tasks.shift()!)).toBe('page saved');
    const stopped = await typed(platform.app)('reconciliation.stop', { id: runId });
    expect(stopped).toMatchObject({ ok: true, value: { state: 'stopped', by: 'server' } });
    expect(await reconcileNextPage(deps(queue), queue.tasks.shift()!)).toBe('not running');
    expect(queue.tasks).toEqual([]);
    expect((await stored(runId)).totals).toMatchObject({ customers: 2 });
  });

  it('the schedule starts the run in the hour the setting names, once that day, and not while another run is going', async () => {
    await stopEveryRun();
    const queue = heldQueue();
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 28, hour, 0, 5));
    await platform.db.doc('settings/ledgerdesk').set({ reconciliationHour: null }, { merge: true });
    expect(await nightlyReconciliation(deps(queue, at(3)))).toBe('off');
    await platform.db.doc('settings/ledgerdesk').set({ reconciliationHour: 3 }, { merge: true });
    expect(await nightlyReconciliation(deps(queue, at(2)))).toBe('not the hour');
    expect(await nightlyReconciliation(deps(queue, at(3)))).toBe('started');
    expect(queue.tasks).toHaveLength(1);
    const entry = await platform.db.doc(`auditLog/${nightlyOperationId(at(3))}`).get();
    expect(entry.data()).toMatchObject({ action: 'reconciliation.start', adminUid: NIGHTLY.uid });
    const runId = (entry.get('answer') as { runId: string }).runId;
    expect(await stored(runId)).toMatchObject({ by: 'server', startedBy: NIGHTLY.email, state: 'running' });
    // The schedule fired again that hour (or retried): the same run.
    expect(await nightlyReconciliation(deps(queue, at(3)))).toBe('already today');
    // The next day, with that run still going (a task took and saved a page at 01:00), nothing new starts.
    expect(await reconcileNextPage(deps(queue, new Date(Date.UTC(2026, 10, 29, 1))), queue.tasks.shift()!)).toBe('page saved');
    expect(await nightlyReconciliation(deps(queue, new Date(Date.UTC(2026, 10, 29, 3, 0, 5))))).toBe('a run is going');
    expect(queue.tasks).toHaveLength(1);
  });

  it('ends a run whose task vanished once nothing moved for longer than the queue tries a page, and the next night starts anew', async () => {
    await stopEveryRun();
    await platform.db.doc('settings/ledgerdesk').set({ reconciliationHour: 3 }, { merge: true });
    expect(RUN_SILENT_AFTER_MS).toBeGreaterThan(pageRetryWindowMs());
    expect(RUN_SILENT_AFTER_MS).toBeLessThan(20 * 3_600_000);
    const queue = heldQueue();
    const night = new Date(Date.UTC(2026, 11, 5, 3, 0, 5));
    expect(await nightlyReconciliation(deps(queue, night))).toBe('started');
    const { runId: vanished } = queue.tasks[0]!;
    // Its first page is taken and saved at 03:10; the task of its second page is lost.
    expect(await reconcileNextPage(deps(queue, new Date(Date.UTC(2026, 11, 5, 3, 10))), queue.tasks.shift()!)).toBe('page saved');
    const lost = queue.tasks.shift()!;
    // Within the bound it is still going: Start is refused.
    const justWithin = new Date(Date.UTC(2026, 11, 5, 3, 10) + RUN_SILENT_AFTER_MS);
    await expect(startServerRun(deps(queue, justWithin), NIGHTLY, randomUUID())).rejects.toThrow(RUN_GOING);
    // The next night ends it, saying why, and starts a new run with its first page queued.
    const nextNight = new Date(Date.UTC(2026, 11, 6, 3, 0, 5));
    expect(await nightlyReconciliation(deps(queue, nextNight))).toBe('started');
    expect(await stored(vanished)).toMatchObject({
      state: 'failed',
      error: 'Its task stopped: no page was taken or saved since 2026-12-05T03:10:00.000Z, longer than the queue tries a page. Ended by the next start.'
    });
    expect(queue.tasks.map((task) => task.runId)).toEqual([expect.not.stringMatching(vanished)]);
    const entry = (await platform.db.doc(`auditLog/${nightlyOperationId(nextNight)}`).get()).data();
    expect(entry?.paths).toContain(`reconciliationRuns/${vanished}`);
    // The lost task, should it come after all, finds its run ended and writes nothing.
    expect(await reconcileNextPage(deps(queue, nextNight), lost)).toBe('not running');
  });

  it('marks the run failed with the reason when its task fails on the last attempt, and the next night starts', async () => {
    await stopEveryRun();
    await platform.db.doc('settings/ledgerdesk').set({ reconciliationHour: 3 }, { merge: true });
    const queue = heldQueue();
    const night = new Date(Date.UTC(2026, 11, 8, 3, 0, 5));
    expect(await nightlyReconciliation(deps(queue, night))).toBe('started');
    const task = queue.tasks.shift()!;
    const failing = {
      ...deps(queue, night),
      store: { ...adminReconciliationStore(platform.db), save: () => Promise.reject(new Error('4 DEADLINE_EXCEEDED')) }
    };
    await expect(runPageTask(failing, task, { retryCount: 8, maxAttempts: 10 })).rejects.toThrow('DEADLINE_EXCEEDED');
    expect(await stored(task.runId)).toMatchObject({ state: 'running' });
    await expect(runPageTask(failing, task, { retryCount: 9, maxAttempts: 10 })).rejects.toThrow('DEADLINE_EXCEEDED');
    expect(await stored(task.runId)).toMatchObject({ state: 'failed', error: '4 DEADLINE_EXCEEDED' });
    expect(await nightlyReconciliation(deps(queue, new Date(Date.UTC(2026, 11, 9, 3, 0, 5))))).toBe('started');
  });

  it('the in-process queue (the demo, the plain service) marks the run failed when a page fails on every attempt', async () => {
    await stopEveryRun();
    const failing = { ...deps(heldQueue()), store: { ...adminReconciliationStore(platform.db), save: () => Promise.reject(new Error('disk full')) } };
    const queue = inProcessPageQueue(
      (task, attempt) => runPageTask({ ...failing, queue }, task, attempt),
      () => undefined,
      0
    );
    const { runId } = await startServerRun({ ...failing, queue }, NIGHTLY, randomUUID());
    await queue.idle();
    expect(await stored(runId)).toMatchObject({ state: 'failed', error: 'disk full' });
  });

  it('ends the run failed, saying why, when its first page cannot be queued, so neither a Start nor the next night is refused', async () => {
    await stopEveryRun();
    await platform.db.doc('settings/ledgerdesk').set({ reconciliationHour: 3 }, { merge: true });
    const night = new Date(Date.UTC(2026, 11, 1, 3, 0, 5));
    const refusing = { enqueue: () => Promise.reject(new Error('7 PERMISSION_DENIED: cloudtasks.tasks.create')) };
    await expect(nightlyReconciliation(deps(refusing, night))).rejects.toThrow('PERMISSION_DENIED');
    const runId = ((await platform.db.doc(`auditLog/${nightlyOperationId(night)}`).get()).get('answer') as { runId: string }).runId;
    expect(await stored(runId)).toMatchObject({ state: 'failed', error: 'Its first page could not be queued: 7 PERMISSION_DENIED: cloudtasks.tasks.create' });
    // The administrator's Start an hour later is not refused as "a run is going", nor is the next night's.
    const queue = heldQueue();
    const started = await startServerRun(deps(queue, new Date(night.getTime() + 3_600_000)), { uid: 'admin-1', email: 'ana@ledger.test' }, randomUUID());
    expect(started.started).toBe(true);
    await stopEveryRun();
    expect(await nightlyReconciliation(deps(queue, new Date(Date.UTC(2026, 11, 2, 3, 0, 5))))).toBe('started');
    expect(queue.tasks).toHaveLength(2);
  });
});

describe('the deployed functions’ wiring: the schedule and the task queue through firebase-functions-test', () => {
  const platform = usePlatform({ per: 'file', env: { LEDGERDESK_BACKEND_URL: 'http://127.0.0.1:9' } });
  let fft: ReturnType<typeof functionsTest>;
  let functions: typeof import('../../../functions/src/index');
  // What firebase-admin's task queue client posts, read by a stand-in for Cloud Tasks (CLOUD_TASKS_EMULATOR_HOST).
  let cloudTasks: Server;
  const posted: { path: string; data: PageTask }[] = [];

  beforeAll(async () => {
    await seedReconciliation(platform.db, platform.app);
    cloudTasks = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const task = (JSON.parse(body) as { task: { httpRequest: { body: string } } }).task;
        posted.push({ path: request.url ?? '', data: (JSON.parse(Buffer.from(task.httpRequest.body, 'base64').toString()) as { data: PageTask }).data });
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'task' }));
      });
    });
    await new Promise<void>((ready) => cloudTasks.listen(0, '127.0.0.1', ready));
    process.env.CLOUD_TASKS_EMULATOR_HOST = `127.0.0.1:${(cloudTasks.address() as AddressInfo).port}`;
    fft = functionsTest({ projectId: emulatorHosts().projectId });
    functions = await import('../../../functions/src/index');
  });
  afterAll(async () => {
    fft?.cleanup();
    delete process.env.CLOUD_TASKS_EMULATOR_HOST;
    await new Promise((done) => cloudTasks?.close(done));
  });

  it('the hourly schedule starts the nightly run and queues its first page on reconcileNextPage’s queue, whose task finishes it', async () => {
    for (const run of (await platform.db.collection('reconciliationRuns').where('state', '==', 'running').get()).docs)
      await run.ref.update({ state: 'stopped' });
    await platform.db.doc('settings/ledgerdesk').set({ reconciliationHour: new Date().getUTCHours() }, { merge: true });
    await functions.nightlyReconciliationHourly.run({ scheduleTime: new Date().toISOString(), jobName: 'nightly' } as never);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.path).toBe(`/projects/${emulatorHosts().projectId}/locations/us-central1/queues/reconcileNextPage/tasks`);
    const { runId } = posted[0]!.data;
    // All 7 customers fit a task's page (SERVER_PAGE): one task finishes the run.
    await functions.reconcileNextPage.run({ data: posted[0]!.data, retryCount: 0, executionCount: 0, queueName: 'reconcileNextPage' } as never);
    const run = (await platform.db.doc(`reconciliationRuns/${runId}`).get()).data();
    expect(run).toMatchObject({ state: 'finished', by: 'server', totals: expect.objectContaining(EXPECTED_TOTALS) });
    expect(posted).toHaveLength(1);
  });
});

describe('Start on the desktop', () => {
  const platform = usePlatform({ per: 'file', env: { LEDGERDESK_BACKEND_URL: 'http://127.0.0.1:9' } });
  let demo: DemoPlatform;
  let original: DemoPlatform;
  const finished = (app: Awaited<ReturnType<typeof signedInApp>>, id: string) =>
    eventually(
      async () => {
        const run = await typed(app)('reconciliation.run', { id });
        if (!run.ok) throw new Error(run.error.message);
        return run.value;
      },
      (run: ReconciliationRun) => run.state !== 'running',
      `run ${id} to end`
    );

  beforeAll(async () => {
    await seedReconciliation(platform.db, platform.app);
    const mailDir = () => mkdtempSync(join(tmpdir(), 'ld-fn-recon-'));
    [demo, original] = await Promise.all([
      startDemoPlatform({ projectId: emulatorHosts().projectId, mailDir: mailDir() }),
      startDemoPlatform({ projectId: emulatorHosts().projectId, mailDir: mailDir(), handlers: false })
    ]);
  });
  afterAll(async () => {
    await Promise.all([demo?.close(), original?.close()]);
  });

  it('asks the server where the backend host can run it, and runs it on this desktop against the original host', async () => {
    const onServer = await signedInApp({ LEDGERDESK_BACKEND_URL: demo.backendUrl });
    try {
      const started = await typed(onServer)('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      expect(started.value.by).toBe('server');
      expect(await finished(onServer, started.value.id)).toMatchObject({ state: 'finished', by: 'server', totals: expect.objectContaining(EXPECTED_TOTALS) });
    } finally {
      await onServer.dispose();
    }
    const onDesktop = await signedInApp({ LEDGERDESK_BACKEND_URL: original.backendUrl });
    try {
      const started = await typed(onDesktop)('reconciliation.start', { operationId: randomUUID() });
      if (!started.ok) throw new Error(started.error.message);
      expect(started.value.by).toBe('desktop');
      expect(await finished(onDesktop, started.value.id)).toMatchObject({ state: 'finished', by: 'desktop', totals: expect.objectContaining(EXPECTED_TOTALS) });
    } finally {
      await onDesktop.dispose();
    }
  });
});

// The in-process queue the demo and the plain service use runs tasks one after another and retries a failure.
describe('the in-process page queue', () => {
  it('runs each task after the one before and tries a failed one again', async () => {
    const ran: string[] = [];
    let failures = 1;
    const queue = inProcessPageQueue(
      async (task) => {
        ran.push(task.wake);
        if (task.wake === 'b' && failures-- > 0) throw new Error('once');
      },
      () => undefined,
      10
    );
    for (const wake of ['a', 'b', 'c']) await queue.enqueue({ runId: 'r', wake, actor: NIGHTLY });
    await queue.idle();
    expect(ran).toEqual(['a', 'b', 'b', 'c']);
  });
});
