import { describe, expect, it } from 'vitest';
import { mergeById, placeOnTop, removeRows, replaceRows, shownIds } from '@renderer/modules/review-list/live/live-rows';

const page = (ids: string[], extra: Record<string, unknown> = {}) => ({
  rows: ids.map((id) => ({ id, amount: 1, ...extra })),
  nextCursor: null,
  total: null,
  unlisted: null
});
const data = (...pages: ReturnType<typeof page>[]) => ({ pages, pageParams: pages.map(() => null) });

describe('live edits of a paged list', () => {
  it('changes a record in place on whichever page holds it', () => {
    const next = replaceRows(data(page(['a', 'b']), page(['c'])), [{ id: 'c', amount: 9 }]);
    expect(next?.pages.map((p) => p.rows.map((r) => [r.id, r.amount]))).toEqual([
      [
        ['a', 1],
        ['b', 1]
      ],
      [['c', 9]]
    ]);
  });

  it('puts new records on top of the first page, once, even when one was already lower down', () => {
    const next = placeOnTop(data(page(['a', 'b']), page(['n2'])), [
      { id: 'n1', amount: 2 },
      { id: 'n2', amount: 3 }
    ]);
    expect(next?.pages.map((p) => p.rows.map((r) => r.id))).toEqual([['n1', 'n2', 'a', 'b'], []]);
    expect(shownIds(next)).toEqual(new Set(['n1', 'n2', 'a', 'b']));
  });

  it('removes the records that faded out and keeps the rest in order', () => {
    expect(removeRows(data(page(['a', 'b', 'c'])), new Set(['b']))?.pages[0]?.rows.map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('counts a record waiting behind the pill once, with what was last heard of it', () => {
    expect(
      mergeById(
        [{ id: 'a', amount: 1 }],
        [
          { id: 'a', amount: 5 },
          { id: 'b', amount: 2 }
        ]
      )
    ).toEqual([
      { id: 'a', amount: 5 },
      { id: 'b', amount: 2 }
    ]);
  });

  it('leaves a list that is still loading alone', () => {
    expect(replaceRows(undefined, [{ id: 'a' }])).toBeUndefined();
  });
});
