/**
 * Electron keeps its fuses as one byte each after a fixed sentinel in the binary. The stand-in
 * carries the same wire, so pack:check can prove electron-builder flips them as configured.
 */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** Fuse order of wire version 1 (see @electron/fuses). */
export const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges'
] as const;

/**
 * The hardening the app requires, whatever electron-builder.yml says: dropping a line there leaves
 * Electron's default (unsafe) value, which this catches.
 */
export const REQUIRED_FUSES: Record<string, boolean> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false
};

/** Electron's own defaults, as a fresh download ships them. */
const DEFAULTS = '10110001';

export function standInWire(): Buffer {
  return Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSE_NAMES.length]), Buffer.from(DEFAULTS)]);
}

export function readFuses(binary: Buffer): Record<string, boolean> | null {
  const at = binary.indexOf(FUSE_SENTINEL);
  if (at < 0) return null;
  const start = at + FUSE_SENTINEL.length;
  const length = binary[start + 1] ?? 0;
  const fuses: Record<string, boolean> = {};
  for (let i = 0; i < Math.min(length, FUSE_NAMES.length); i++) {
    fuses[FUSE_NAMES[i] as string] = binary[start + 2 + i] === 0x31;
  }
  return fuses;
}

/** Each configured fuse must read back as configured. */
export function compareFuses(expected: Record<string, boolean>, actual: Record<string, boolean> | null): string[] {
  if (!actual) return ['no fuse wire found in the packaged binary'];
  return Object.entries(expected)
    .filter(([name, value]) => actual[name] !== value)
    .map(([name, value]) => `${name} should be ${value ? 'on' : 'off'}`);
}
