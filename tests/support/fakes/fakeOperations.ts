// An in-memory OperationStore with the Firestore one's semantics: begin() is create(), claim() a transaction.
import type { OperationRecord, OperationStore } from '../../../server/operations';

export interface FakeOperationStore extends OperationStore {
  records: Map<string, OperationRecord>;
  /** Make one method reject with this message (as Firestore would). */
  failures: Partial<Record<'begin' | 'claim' | 'finish' | 'fail', string>>;
}

export function fakeOperationStore(): FakeOperationStore {
  const fail = (method: keyof FakeOperationStore['failures']) => {
    const message = store.failures[method];
    if (message) throw new Error(message);
  };
  const store: FakeOperationStore = {
    records: new Map(),
    failures: {},
    async begin(key, record) {
      fail('begin');
      const existing = store.records.get(key);
      if (existing) return structuredClone(existing);
      store.records.set(key, structuredClone(record));
      return null;
    },
    async claim(key, seen, nowMs) {
      fail('claim');
      const current = store.records.get(key);
      if (!current || current.state !== seen.state || current.startedAtMs !== seen.startedAtMs || current.attempts !== seen.attempts) return null;
      const next: OperationRecord = { ...current, state: 'running', startedAtMs: nowMs, attempts: current.attempts + 1 };
      store.records.set(key, next);
      return structuredClone(next);
    },
    async finish(key, status, body) {
      fail('finish');
      const current = store.records.get(key);
      if (current) store.records.set(key, { ...current, state: 'done', status, body: structuredClone(body) });
    },
    async fail(key, progress) {
      fail('fail');
      const current = store.records.get(key);
      if (current) store.records.set(key, { ...current, state: 'failed', progress: structuredClone(progress) });
    }
  };
  return store;
}
