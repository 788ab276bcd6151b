import { describe, expect, it } from 'vitest';
import { noSelection, pageSelection, toggleRow, togglePage, type SelectionState } from '@renderer/components/data-table/selection';

const ids = ['a', 'b', 'c', 'd', 'e'];
const picked = (state: SelectionState) => [...state.selected].sort();

describe('selecting rows', () => {
  it('a click toggles one row and becomes the anchor', () => {
    const one = toggleRow(noSelection, ids, 'b', false);
    expect(picked(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(picked(toggleRow(one, ids, 'b', false))).toEqual([]);
  });

  it('shift selects every row from the last clicked one, in either direction', () => {
    const fromB = toggleRow(noSelection, ids, 'b', false);
    expect(picked(toggleRow(fromB, ids, 'd', true))).toEqual(['b', 'c', 'd']);
    const fromE = toggleRow(noSelection, ids, 'e', false);
    expect(picked(toggleRow(fromE, ids, 'c', true))).toEqual(['c', 'd', 'e']);
  });

  it('shift on a selected row clears the range back to the anchor', () => {
    const all = togglePage(noSelection, ids);
    const anchored = toggleRow(toggleRow(all, ids, 'a', false), ids, 'a', false);
    expect(picked(toggleRow(anchored, ids, 'c', true))).toEqual(['d', 'e']);
  });

  it('without an anchor on the page, shift selects just the row', () => {
    expect(picked(toggleRow({ selected: new Set(), anchor: 'gone' }, ids, 'c', true))).toEqual(['c']);
  });

  it('the header checkbox is clear, mixed or checked, and selects all unless all are selected', () => {
    expect(pageSelection(new Set(), ids)).toBe('none');
    const some = toggleRow(noSelection, ids, 'a', false);
    expect(pageSelection(some.selected, ids)).toBe('some');
    const all = togglePage(some, ids);
    expect(pageSelection(all.selected, ids)).toBe('all');
    expect(picked(togglePage(all, ids))).toEqual([]);
  });
});
