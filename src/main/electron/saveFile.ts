import { writeFile } from 'node:fs/promises';

export interface SaveDialogLike {
  showSaveDialog(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
}

/** Where the administrator chose to save, suggesting a safe name in Downloads; null: cancelled. */
async function chosenPath(dialog: SaveDialogLike, downloadsDir: string, suggestedName: string, kind: 'CSV' | 'PDF'): Promise<string | null> {
  const extension = kind.toLowerCase();
  const safeName = suggestedName.replace(/[\\/:*?"<>|]+/g, '-');
  const { canceled, filePath } = await dialog.showSaveDialog({
    title: `Export ${kind}`,
    defaultPath: `${downloadsDir}/${safeName.endsWith(`.${extension}`) ? safeName : `${safeName}.${extension}`}`,
    filters: [{ name: kind, extensions: [extension] }]
  });
  return canceled || !filePath ? null : filePath;
}

/**
 * Exports go where the administrator chooses, through the system save dialog; the page never
 * gets file-system access. null means the dialog was cancelled.
 */
export function csvSaver(dialog: SaveDialogLike, downloadsDir: string, write = writeFile) {
  return async (suggestedName: string, content: string): Promise<{ path: string } | null> => {
    const filePath = await chosenPath(dialog, downloadsDir, suggestedName, 'CSV');
    if (!filePath) return null;
    await write(filePath, content, 'utf8');
    return { path: filePath };
  };
}

/**
 * A PDF of the page on screen (Electron's printToPDF, which follows the page's print stylesheet: a
 * statement prints alone), saved where the administrator chooses.
 */
export function pdfSaver(dialog: SaveDialogLike, downloadsDir: string, print: () => Promise<Uint8Array>, write = writeFile) {
  return async (suggestedName: string): Promise<{ path: string } | null> => {
    const filePath = await chosenPath(dialog, downloadsDir, suggestedName, 'PDF');
    if (!filePath) return null;
    await write(filePath, await print());
    return { path: filePath };
  };
}
