import { writeFile } from 'node:fs/promises';

export interface SaveDialogLike {
  showSaveDialog(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
}

/**
 * Exports go where the administrator chooses, through the system save dialog; the page never
 * gets file-system access. null means the dialog was cancelled.
 */
export function csvSaver(dialog: SaveDialogLike, downloadsDir: string, write = writeFile) {
  return async (suggestedName: string, content: string): Promise<{ path: string } | null> => {
    const safeName = suggestedName.replace(/[\\/:*?"<>|]+/g, '-');
    const { canceled, filePath } = await dialog.showSaveDialog({
      title: 'Export CSV',
      defaultPath: `${downloadsDir}/${safeName.endsWith('.csv') ? safeName : `${safeName}.csv`}`,
      filters: [{ name: 'CSV', extensions: ['csv'] }]
    });
    if (canceled || !filePath) return null;
    await write(filePath, content, 'utf8');
    return { path: filePath };
  };
}
