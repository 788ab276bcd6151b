/**
 * Writes firestore.indexes.json from the query shapes the code can build (src/shared/queries),
 * keeping the indexes other queries declared by hand (dashboard sums, the mail dispatcher).
 * Run after adding a filter or an order: `npm run indexes`. tests/unit/indexes.test.ts fails
 * until the file has an index for every shape.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allShapes } from '../../src/shared/queries/lists';
import { indexFor, indexKey, type CompositeIndex } from '../../src/shared/queries/shape';
import { handWrittenIndexes } from '../../src/shared/queries/handWritten';

const file = join(import.meta.dirname, '..', '..', 'firestore.indexes.json');
const current = JSON.parse(readFileSync(file, 'utf8')) as { indexes: CompositeIndex[]; fieldOverrides?: unknown[] };
const wanted = new Map<string, CompositeIndex>();
for (const index of [...handWrittenIndexes, ...allShapes().map(indexFor)]) {
  if (index) wanted.set(indexKey(index), index);
}
const sorted = [...wanted.values()].sort((a, b) => indexKey(a).localeCompare(indexKey(b)));
writeFileSync(file, `${JSON.stringify({ indexes: sorted, fieldOverrides: current.fieldOverrides ?? [] }, null, 2)}\n`);
const before = new Set(current.indexes.map(indexKey));
console.log(`firestore.indexes.json: ${sorted.length} composite indexes (${sorted.filter((i) => !before.has(indexKey(i))).length} new).`);
