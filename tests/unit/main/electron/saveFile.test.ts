import { describe, expect, it, vi } from 'vitest';
import { csvSaver, pdfSaver } from '@main/electron/saveFile';

describe('CSV export in the desktop app', () => {
  it('asks where to save, suggesting a safe name in Downloads, and writes the file there', async () => {
    const dialog = { showSaveDialog: vi.fn(async (_options: { defaultPath: string }) => ({ canceled: false, filePath: '/home/a/deposits.csv' })) };
    const write = vi.fn(async () => undefined);
    const result = await csvSaver(dialog, '/home/a/Downloads', write)('deposits: 2026/11/21', 'a,b\n');
    expect(dialog.showSaveDialog.mock.calls[0]?.[0]).toMatchObject({ defaultPath: '/home/a/Downloads/deposits- 2026-11-21.csv' });
    expect(write).toHaveBeenCalledWith('/home/a/deposits.csv', 'a,b\n', 'utf8');
    expect(result).toEqual({ path: '/home/a/deposits.csv' });
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const write = vi.fn(async () => undefined);
    const result = await csvSaver({ showSaveDialog: async () => ({ canceled: true }) }, '/d', write)('x.csv', 'a');
    expect(result).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });
});

describe('PDF export in the desktop app', () => {
  it('asks where to save, then writes what the window printed there', async () => {
    const dialog = {
      showSaveDialog: vi.fn(async (_options: { defaultPath: string; filters: unknown }) => ({ canceled: false, filePath: '/home/a/statement.pdf' }))
    };
    const write = vi.fn(async () => undefined);
    const printed = new Uint8Array([37, 80, 68, 70]);
    const result = await pdfSaver(dialog, '/home/a/Downloads', async () => printed, write)('Statement: Dana 2026/03');
    expect(dialog.showSaveDialog.mock.calls[0]?.[0]).toMatchObject({
      defaultPath: '/home/a/Downloads/Statement- Dana 2026-03.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }]
    });
    expect(write).toHaveBeenCalledWith('/home/a/statement.pdf', printed);
    expect(result).toEqual({ path: '/home/a/statement.pdf' });
  });

  it('prints and writes nothing when the dialog is cancelled', async () => {
    const print = vi.fn(async () => new Uint8Array());
    const write = vi.fn(async () => undefined);
    expect(await pdfSaver({ showSaveDialog: async () => ({ canceled: true }) }, '/d', print, write)('x')).toBeNull();
    expect(print).not.toHaveBeenCalled();
    expect(write).not.toHaveBeenCalled();
  });
});
