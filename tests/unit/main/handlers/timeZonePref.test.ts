import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '@main/handlers/context';
import { timeZoneHandlers } from '@main/handlers/timeZone';
import { filePrefsStore } from '@main/config/prefs';

const handlersOver = (dir: string) => timeZoneHandlers({ prefs: filePrefsStore(dir) } as HandlerContext);

describe('the zone this computer shows times in', () => {
  it('is this computer’s own until chosen, and the choice comes back after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-zone-'));
    expect(await handlersOver(dir)['timeZone.get']({})).toEqual({ shownIn: 'computer' });
    expect(await handlersOver(dir)['timeZone.set']({ shownIn: 'platform' })).toEqual({ shownIn: 'platform' });
    expect(await handlersOver(dir)['timeZone.get']({})).toEqual({ shownIn: 'platform' });
  });

  it('reads a choice this version does not know as this computer’s zone, keeping the rest of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ld-zone-'));
    writeFileSync(join(dir, 'preferences.json'), JSON.stringify({ rememberedEmail: 'a@b.c', timesShownIn: 'mars' }));
    expect(await handlersOver(dir)['timeZone.get']({})).toEqual({ shownIn: 'computer' });
    expect(filePrefsStore(dir).read().rememberedEmail).toBe('a@b.c');
  });
});
