import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedViews } from '@core/savedViews';
import { pageSizesHandlers } from '@main/handlers/pageSizes';
import type { HandlerContext } from '@main/handlers/context';
import { filePrefsStore, memoryPrefsStore } from '@main/config/prefs';
import { MAX_SAVED_VIEWS } from '@shared/schemas/views';

describe('saved views', () => {
  it('are saved, renamed and deleted in the preferences file, and come back after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-views-'));
    const views = savedViews(filePrefsStore(dir));
    const saved = views.save({ screen: 'withdrawals', name: '  Large pending  ', search: 'status=pending&order=largest&size=50' });
    expect(saved).toMatchObject({ screen: 'withdrawals', name: 'Large pending', search: 'status=pending&order=largest&size=50' });
    views.save({ screen: 'users', name: 'KYC queue', search: 'kyc=pending&order=oldest' });
    expect(views.rename(saved.id, 'Big ones')).toMatchObject({ id: saved.id, name: 'Big ones' });

    const again = savedViews(filePrefsStore(dir));
    expect(again.list().views.map((v) => [v.screen, v.name])).toEqual([
      ['withdrawals', 'Big ones'],
      ['users', 'KYC queue']
    ]);
    expect(again.remove(saved.id)).toBeNull();
    expect(
      savedViews(filePrefsStore(dir))
        .list()
        .views.map((v) => v.name)
    ).toEqual(['KYC queue']);
  });

  it('refuses a name already used on the same screen, and a view that is gone, with a sentence', () => {
    const views = savedViews(memoryPrefsStore());
    const first = views.save({ screen: 'deposits', name: 'Failed', search: 'status=failed' });
    expect(() => views.save({ screen: 'deposits', name: 'failed ', search: '' })).toThrow(
      'A view of deposits is already called "failed". Choose another name.'
    );
    expect(views.save({ screen: 'withdrawals', name: 'Failed', search: '' }).name).toBe('Failed');
    const other = views.save({ screen: 'deposits', name: 'Other', search: '' });
    expect(() => views.rename(other.id, 'FAILED')).toThrow(/already called/);
    views.remove(first.id);
    expect(() => views.rename(first.id, 'x')).toThrow('This view no longer exists.');
    expect(() => views.remove(first.id)).toThrow('This view no longer exists.');
  });

  it(`keeps at most ${MAX_SAVED_VIEWS}`, () => {
    const views = savedViews(memoryPrefsStore());
    for (let i = 0; i < MAX_SAVED_VIEWS; i++) views.save({ screen: 'deposits', name: `View ${i}`, search: '' });
    expect(() => views.save({ screen: 'deposits', name: 'One more', search: '' })).toThrow(/at most 50 views/);
  });

  it('drops a damaged view or page size from the file, keeping the rest of the preferences', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-views-'));
    const good = { id: '7d1f4c62-2a5e-4b8f-9c3d-0e6a1b2c3d4e', screen: 'deposits', name: 'Mine', search: 'status=pending' };
    writeFileSync(
      join(dir, 'preferences.json'),
      JSON.stringify({ rememberedEmail: 'a@b.c', savedViews: [good, { id: 'x', screen: 'nowhere' }], pageSizes: { deposits: 7 } })
    );
    const prefs = filePrefsStore(dir).read();
    expect(prefs).toEqual({ rememberedEmail: 'a@b.c', savedViews: [good] });
  });
});

describe('page sizes', () => {
  it('are remembered per list', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-sizes-'));
    const handlers = pageSizesHandlers({ prefs: filePrefsStore(dir) } as unknown as HandlerContext);
    expect(handlers['pageSizes.get']({})).toEqual({});
    expect(handlers['pageSizes.set']({ list: 'withdrawals', size: 50 })).toEqual({ withdrawals: 50 });
    expect(handlers['pageSizes.set']({ list: 'referrals', size: 25 })).toEqual({ withdrawals: 50, referrals: 25 });
    expect(JSON.parse(readFileSync(join(dir, 'preferences.json'), 'utf8'))).toMatchObject({ pageSizes: { withdrawals: 50, referrals: 25 } });
  });
});
