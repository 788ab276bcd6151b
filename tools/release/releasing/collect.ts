import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isChannelFile, isReleaseFile, mergeUpdateInfo } from './feed';

/**
 * Gathers the separate Linux runs into one folder: their installers side by side, and each
 * channel file (latest-linux.yml, beta-linux.yml ...) merged so it lists the AppImage and the deb.
 * Returns the files written.
 */
export function collectRuns(output: string, runFolders: string[]): string[] {
  const channelTexts = new Map<string, string[]>();
  const written: string[] = [];
  for (const folder of runFolders) {
    for (const name of readdirSync(folder).filter(isReleaseFile)) {
      if (isChannelFile(name)) {
        channelTexts.set(name, [...(channelTexts.get(name) ?? []), readFileSync(join(folder, name), 'utf8')]);
      } else {
        copyFileSync(join(folder, name), join(output, name));
        written.push(name);
      }
    }
  }
  for (const [name, texts] of channelTexts) {
    writeFileSync(join(output, name), mergeUpdateInfo(texts));
    written.push(name);
  }
  return written.sort();
}

export const releaseFilesIn = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).filter(isReleaseFile).sort() : []);
