import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsHandlers } from '@main/handlers/columns';
import type { HandlerContext } from '@main/handlers/context';
import { savedViews } from '@core/savedViews';
import { filePrefsStore } from '@main/config/prefs';
import { contract } from '@shared/contract';

const handlersIn = (dir: string) => columnsHandlers({ prefs: filePrefsStore(dir) } as unknown as HandlerContext);

describe('column layouts', () => {
  it('are kept per list in the preferences file, come back after a restart, and a reset forgets only that list', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-columns-'));
    expect(handlersIn(dir)['columns.get']({})).toEqual({});
    handlersIn(dir)['columns.set']({ list: 'deposits', layout: { hidden: ['method'], widths: { amount: 180 }, density: 'compact' } });
    handlersIn(dir)['columns.set']({ list: 'users', layout: { order: ['email', 'name'] } });

    expect(handlersIn(dir)['columns.get']({})).toEqual({
      deposits: { hidden: ['method'], widths: { amount: 180 }, density: 'compact' },
      users: { order: ['email', 'name'] }
    });
    expect(handlersIn(dir)['columns.set']({ list: 'deposits', layout: null })).toEqual({ users: { order: ['email', 'name'] } });
    expect(JSON.parse(readFileSync(join(dir, 'preferences.json'), 'utf8')).columnLayouts).toEqual({ users: { order: ['email', 'name'] } });
  });

  it('drop a list the file names that this version does not know, or a layout it cannot read, and keep the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-columns-'));
    writeFileSync(
      join(dir, 'preferences.json'),
      JSON.stringify({
        rememberedEmail: 'a@b.c',
        columnLayouts: { deposits: { hidden: ['method'] }, withdrawals: { widths: { amount: 5 } }, somewhereElse: { hidden: ['x'] } }
      })
    );
    expect(filePrefsStore(dir).read()).toEqual({ rememberedEmail: 'a@b.c', columnLayouts: { deposits: { hidden: ['method'] } } });
  });

  it('refuse a width too narrow to read, an unknown density and a list that does not exist', () => {
    const input = contract['columns.set'].input;
    expect(input.safeParse({ list: 'deposits', layout: { widths: { amount: 20 } } }).success).toBe(false);
    expect(input.safeParse({ list: 'deposits', layout: { density: 'tiny' } }).success).toBe(false);
    expect(input.safeParse({ list: 'nowhere', layout: null }).success).toBe(false);
    expect(input.safeParse({ list: 'deposits', layout: { hidden: ['method'], widths: { amount: 48 }, density: 'compact' } }).success).toBe(true);
  });

  it('are kept by a saved view, and a view saved without them still reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-columns-'));
    const views = savedViews(filePrefsStore(dir));
    views.save({ screen: 'deposits', name: 'Mine', search: 'status=pending', columns: { hidden: ['method'] } });
    views.save({ screen: 'deposits', name: 'Older', search: '' });
    expect(
      savedViews(filePrefsStore(dir))
        .list()
        .views.map((view) => [view.name, view.columns])
    ).toEqual([
      ['Mine', { hidden: ['method'] }],
      ['Older', undefined]
    ]);
  });
});
