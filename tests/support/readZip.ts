import { unzipSync } from 'fflate';

/**
 * The files of a zip archive in the archive's order, read by fflate's unzipSync (stored or deflated):
 * tests read what an administrator's archive holds. Info-ZIP's unzip, where the machine has it, is
 * the reader independent of fflate (tests/unit/main/electron/diagnosticsExport.test.ts).
 */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(unzipSync(archive))) files.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  return files;
}
