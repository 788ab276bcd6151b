import { describe, expect, it } from 'vitest';
import type { TransactionReader } from '@core/ports/ledgerStore';
import { recordingReader, versionOf } from '@core/readVersion';
import type { DocSnapshot } from '@shared/domain/changeset';

/** A store held in a map: enough to see what a recording reader remembers. */
const store = (docs: Record<string, Record<string, unknown>>): TransactionReader => {
  const get = async (path: string): Promise<DocSnapshot | null> => (docs[path] ? { id: path.split('/')[1]!, data: docs[path]! } : null);
  const matching = (collection: string, field: string, value: string) =>
    Object.entries(docs)
      .filter(([path, data]) => path.startsWith(`${collection}/`) && data[field] === value)
      .map(([path, data]) => ({ id: path.split('/')[1]!, data }));
  return {
    get,
    findOne: async (collection, field, value) => matching(collection, field, value)[0] ?? null,
    findAll: async (collection, field, value, max) => matching(collection, field, value).slice(0, max),
    listAll: async (collection, max) =>
      Object.entries(docs)
        .filter(([path]) => path.startsWith(`${collection}/`))
        .slice(0, max)
        .map(([path, data]) => ({ id: path.split('/')[1]!, data })),
    find: async (shape, equal, max) =>
      Object.entries(docs)
        .filter(([path, data]) => path.startsWith(`${shape.collection}/`) && shape.equality.every((field) => data[field] === equal[field]))
        .slice(0, max)
        .map(([path, data]) => ({ id: path.split('/')[1]!, data }))
  };
};

async function versionAfterReading(docs: Record<string, Record<string, unknown>>): Promise<string> {
  const { reader, reads } = recordingReader(store(docs));
  await reader.get('deposits/d1');
  await reader.get('users/gone');
  await reader.findAll('users', 'myReferralId', 'R', 10);
  return versionOf(reads, null);
}

describe('the version of what a change read', () => {
  const docs = { 'deposits/d1': { amount: 5 }, 'users/r1': { myReferralId: 'R', balance: 1 }, 'users/x': { balance: 9 } };

  it('is the same for the same documents, and opaque', async () => {
    const version = await versionAfterReading(docs);
    expect(version).toBe(await versionAfterReading({ ...docs }));
    expect(version).toMatch(/^v2\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+$/);
  });

  it('changes when a document read changes, appears among the matches, or comes into existence', async () => {
    const version = await versionAfterReading(docs);
    expect(await versionAfterReading({ ...docs, 'deposits/d1': { amount: 6 } })).not.toBe(version);
    expect(await versionAfterReading({ ...docs, 'users/r1': { myReferralId: 'R2', balance: 1 } })).not.toBe(version);
    expect(await versionAfterReading({ ...docs, 'users/r2': { myReferralId: 'R' } })).not.toBe(version);
    expect(await versionAfterReading({ ...docs, 'users/gone': {} })).not.toBe(version);
  });

  it('ignores documents the change did not read', async () => {
    expect(await versionAfterReading({ ...docs, 'users/x': { balance: 10 } })).toBe(await versionAfterReading(docs));
  });
});

describe('a version as the contract carries it back', () => {
  it('fits the payout and status-change inputs when it names two figures of a customer with a 28-character id', async () => {
    const { payoutInputSchema, statusChangeInputSchema } = await import('@shared/schemas/money');
    const customer = 'users/AbCdEfGhIjKlMnOpQrStUvWxYz01';
    const { reader, reads } = recordingReader(store({ 'investments/i1': { amount: 1000 }, [customer]: { balance: 205.88, totalearnings: 15 } }));
    await reader.get('investments/i1');
    await reader.get(customer);
    const decision = {
      changes: [{ path: customer, set: { balance: 405.38, totalearnings: 24.5 } }],
      audit: { kind: 'investment', action: 'investment.payout', entityPath: 'investments/i1', summary: '', before: {}, after: {}, notes: [], reason: null },
      emails: [],
      effects: [],
      message: ''
    } as const;
    const version = versionOf(reads, { ...decision, changes: [...decision.changes], audit: { ...decision.audit, notes: [] }, emails: [], effects: [] });
    expect(version.length).toBeGreaterThan(200);
    const operationId = '7d1f4c62-2a5e-4b8f-9c3d-0e6a1b2c3d4e';
    expect(payoutInputSchema.safeParse({ id: 'i1', operationId, version }).success).toBe(true);
    expect(statusChangeInputSchema(['pending', 'success'] as const).safeParse({ id: 'd1', status: 'success', operationId, version }).success).toBe(true);
  });
});
