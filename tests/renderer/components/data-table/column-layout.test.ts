import { describe, expect, it } from 'vitest';
import { column } from '@renderer/components/data-table/column';
import { columnOrder, withDensity, withMove, withShown, withWidth } from '@renderer/components/data-table/column-layout';

// A list's layout keeps only what differs from its default, and applies to the list's columns as they are today.

const columns = ['email', 'method', 'amount', 'status'].map((id) => column<object>(id, id, () => null, { required: id === 'email' || id === 'status' }));

describe("a list's column order", () => {
  it('puts a column the saved order does not name (one a later version added) after the column it follows by default', () => {
    expect(columnOrder(['a', 'b', 'c', 'd'], ['c', 'a'])).toEqual(['c', 'd', 'a', 'b']);
    expect(columnOrder(['a', 'b'], ['b'])).toEqual(['a', 'b']);
  });

  it('drops a column that no longer exists, and a column named twice', () => {
    expect(columnOrder(['a', 'b'], ['gone', 'b', 'b', 'a'])).toEqual(['b', 'a']);
  });
});

describe('a layout as chosen', () => {
  it('is nothing at all once put back by hand: a column moved down and up again, shown again, at the default density', () => {
    const moved = withMove(columns, {}, 'method', 1);
    expect(moved).toEqual({ order: ['email', 'amount', 'method', 'status'] });
    expect(withMove(columns, moved, 'method', -1)).toEqual({});
    expect(withShown(columns, withShown(columns, {}, 'amount', false), 'amount', true)).toEqual({});
    expect(withDensity(columns, withDensity(columns, {}, 'compact'), 'comfortable')).toEqual({});
  });

  it('never hides a required column, never moves one past the ends, and keeps a width within what can be read', () => {
    expect(withShown(columns, {}, 'status', false)).toEqual({});
    expect(withMove(columns, {}, 'email', -1)).toEqual({});
    expect(withWidth(columns, {}, 'amount', 5)).toEqual({ widths: { amount: 48 } });
    expect(withWidth(columns, {}, 'amount', 5000)).toEqual({ widths: { amount: 800 } });
  });
});
