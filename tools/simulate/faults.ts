// The faults the simulation injects at the ports' boundaries, and the defects it can plant there to
// prove its checker finds them. Nothing here is reachable from an entry point: the ports are wrapped
// through compose's test-only `ports` option and the platform's deps, which only tools/simulate builds.
import type { LedgerStore, Transaction, TransactionReader } from '../../src/core/ports/ledgerStore';
import { APPROVAL_REQUESTS } from '../../src/shared/domain/approvals';
import { journalFields } from '../../src/shared/domain/journal';
import { readAmount, fromCents } from '../../src/shared/domain/money';
import { AppError } from '../../src/shared/result';

/** A fault one operation carries, chosen by the seed. */
export const FAULTS = [
  // The journal event of the operation's writes is delivered twice, or held back and delivered after the next one's.
  'event-twice',
  'event-late',
  // A throw between two writes: the journal entry after the balance, the first task after the run,
  // markSent after the SMTP server accepted, the caller's answer after the record and its audit entry committed.
  'throw-journal',
  'throw-enqueue',
  'throw-after-smtp',
  'throw-after-commit',
  // The caller gives up waiting and sends the same operation again (same operationId).
  'timeout-retry',
  // Two deciders at once on one record.
  'two-deciders',
  // Time runs on past a lease (and past a back-off) before the platform's next sweep.
  'lease-runs-out'
] as const;
export type Fault = (typeof FAULTS)[number];

/** Defects the checker must find, each on its own invariant. */
export const PLANTS = {
  'double-credit': 2,
  'lost-journal': 1,
  'second-send': 4,
  'stuck-run': 5,
  'approve-own': 7,
  'edited-journal': 11
} as const;
export type Plant = keyof typeof PLANTS;
export const isPlant = (name: string): name is Plant => Object.hasOwn(PLANTS, name);

/** Thrown where a fault cuts an operation: what a lost reply, a killed instance or a network cut looks like to the caller. */
export class InjectedFault extends Error {
  constructor(where: string) {
    super(`Injected fault: ${where}`);
    this.name = 'InjectedFault';
  }
}

const MONEY: readonly string[] = journalFields;

export class Faults {
  private readonly armed = new Set<Fault>();
  /** How many faults took effect (the run's count). */
  injected = 0;

  constructor(readonly plant: Plant | null) {}

  arm(fault: Fault): void {
    this.armed.add(fault);
  }

  disarmAll(): void {
    this.armed.clear();
  }

  /** Whether a fault is armed; takes it (once) when it is. */
  take(fault: Fault): boolean {
    if (!this.armed.delete(fault)) return false;
    this.injected += 1;
    return true;
  }

  /** The desktop's ledger store with this run's faults: a reply lost after the commit, and the double-credit and approve-own plants. */
  ledgerStore(inner: LedgerStore): LedgerStore {
    const approveOwn = this.plant === 'approve-own';
    return {
      ...inner,
      inspect: approveOwn ? (look) => inner.inspect((read) => look(someoneElseAsked(read))) : inner.inspect.bind(inner),
      transact: async <T>(transaction: Transaction<T>) => {
        let decide = this.plant === 'double-credit' ? doubleCredits(transaction.decide) : transaction.decide;
        // The maker's own cancellation still reads them as its maker (handlers/approvals.ts: its operation is cancel-<id>).
        if (approveOwn && !transaction.operation.id.startsWith('cancel-')) {
          const honest = decide;
          decide = (read) => honest(someoneElseAsked(read));
        }
        const committed = await inner.transact({ ...transaction, decide });
        if (committed.changeset && this.take('throw-after-commit'))
          throw new AppError('UNAVAILABLE', new InjectedFault('the reply after the commit was lost').message);
        return committed;
      }
    };
  }
}

/**
 * The approve-own plant: every approval request reads as asked by someone else, so the maker may
 * approve their own (the world loads rules with the same defect: world.ts, platformRules).
 */
function someoneElseAsked<R extends TransactionReader>(reader: R): R {
  const get: TransactionReader['get'] = async (path) => {
    const doc = await reader.get(path);
    if (!doc || !path.startsWith(`${APPROVAL_REQUESTS}/`)) return doc;
    return { ...doc, data: { ...doc.data, requestedBy: { ...(doc.data.requestedBy as object), uid: 'planted-someone-else' } } };
  };
  return new Proxy(reader, {
    get: (target, property) => {
      if (property === 'get') return get;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    }
  });
}

/** The plant: every money figure a decision raises is raised twice over, while its audit entry tells of once. */
function doubleCredits<T>(decide: Transaction<T>['decide']): Transaction<T>['decide'] {
  return async (read) => {
    const decided = await decide(read);
    if (!decided.ok) return decided;
    const changes = await Promise.all(
      decided.value.changes.map(async (change) => {
        if (!change.path.startsWith('users/') || !change.set) return change;
        const before = (await read.get(change.path))?.data ?? {};
        const set = { ...change.set };
        for (const field of MONEY) {
          const was = readAmount(before[field] ?? 0, field);
          const is = readAmount(set[field], field);
          if (was.ok && is.ok && is.value > was.value) set[field] = fromCents(is.value + (is.value - was.value));
        }
        return { ...change, set };
      })
    );
    return { ok: true, value: { ...decided.value, changes } };
  };
}
