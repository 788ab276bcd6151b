import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../src/shared/contract';
import { typed, usePlatform } from '../support/integration/moneyFixtures';
import { emulatorHosts, eventually, freePort } from '../support/integration/emulatorHosts';

/**
 * A cable between the app and the Firestore emulator that the test can pull out and plug back in:
 * every connection is forwarded, and `cut()` drops them all and refuses new ones until `mend()`.
 */
class Cable {
  private readonly sockets = new Set<Socket>();
  private cutOff = false;
  private server: Server | null = null;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number }
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      if (this.cutOff) return void client.destroy();
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  cut(): void {
    this.cutOff = true;
    for (const socket of this.sockets) socket.destroy();
  }

  mend(): void {
    this.cutOff = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('a lost connection to Firestore', () => {
  let cable: Cable | null = null;
  beforeAll(async () => {
    const [host, port] = emulatorHosts().firestoreHost.split(':');
    cable = new Cable(await freePort(), { host: host!, port: Number(port) });
    await cable.open();
  });
  afterAll(async () => {
    await cable?.close();
  });
  const platform = usePlatform({ fixtures: true, env: () => ({ FIRESTORE_EMULATOR_HOST: `127.0.0.1:${cable!.port}` }) });

  it('is reported as offline and recovered without the screen doing anything', async () => {
    const app = platform.app;
    const seen: Array<EventPayload<'live.connection'>> = [];
    const lists: Array<EventPayload<'live.list'>> = [];
    app.events.subscribe((event, payload) => {
      if (event === 'live.connection') seen.push(payload as EventPayload<'live.connection'>);
      if (event === 'live.list') lists.push(payload as EventPayload<'live.list'>);
    });
    // The sidebar's counts, and a list on screen.
    expect(await typed(app)('live.pendingCounts', {})).toMatchObject({ ok: true });
    const watch = await typed(app)('live.watchList', { list: 'withdrawals', request: { order: 'newest' } });
    if (!watch.ok) throw new Error(watch.error.message);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    cable!.cut();
    await eventually(
      async () => seen,
      (all) => all.at(-1)?.online === false,
      'the offline state',
      30_000
    );
    // A list read while offline is refused as the database being out of reach (it was answered from the cache, which
    // holds only the live list's rows, and here ended as an internal error).
    const listed = await typed(app)('withdrawals.list', { order: 'newest' });
    expect(listed).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE', message: expect.stringMatching(/cannot reach the database/) } });

    // Changes made while it was away arrive once it is back, on the same watch.
    await platform.db
      .doc('withdrawals/wd-while-offline')
      .set({ ...{ userId: 'wes', email: 'wes@example.com', amount: 5, status: 'pending' }, createdAt: new Date() });
    cable!.mend();
    await eventually(
      async () => seen,
      (all) => all.at(-1)?.online === true,
      'the connection to come back',
      60_000
    );
    const back = await eventually(
      async () => lists.flatMap((e) => e.arrived),
      (rows) => rows.some((r) => r.id === 'wd-while-offline'),
      'the missed withdrawal',
      30_000
    );
    expect(back.map((r) => r.id)).toContain('wd-while-offline');
    expect(app.openListeners()).toBe(4);
  }, 120_000);
});
