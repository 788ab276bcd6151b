import { describe, expect, it } from 'vitest';
import { compareFuses, FUSE_SENTINEL, readFuses, REQUIRED_FUSES, standInWire } from '../../../../tools/release/packaging/fuses';

describe('fuse wire', () => {
  it('reads Electron defaults from the stand-in wire', () => {
    expect(readFuses(Buffer.concat([Buffer.from('#!/bin/sh\n'), standInWire()]))).toEqual({
      runAsNode: true,
      enableCookieEncryption: false,
      enableNodeOptionsEnvironmentVariable: true,
      enableNodeCliInspectArguments: true,
      enableEmbeddedAsarIntegrityValidation: false,
      onlyLoadAppFromAsar: false,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: true
    });
  });

  it('reports every fuse that is not as configured', () => {
    const unflipped = readFuses(standInWire());
    expect(compareFuses({ runAsNode: false, enableCookieEncryption: true, loadBrowserProcessSpecificV8Snapshot: false }, unflipped)).toEqual([
      'runAsNode should be off',
      'enableCookieEncryption should be on'
    ]);
  });

  it('refuses Electron defaults, so a fuse dropped from electron-builder.yml fails the check', () => {
    expect(compareFuses(REQUIRED_FUSES, readFuses(standInWire()))).toEqual([
      'runAsNode should be off',
      'enableCookieEncryption should be on',
      'enableNodeOptionsEnvironmentVariable should be off',
      'enableNodeCliInspectArguments should be off',
      'enableEmbeddedAsarIntegrityValidation should be on',
      'onlyLoadAppFromAsar should be on',
      'grantFileProtocolExtraPrivileges should be off'
    ]);
  });

  it('fails when the binary has no fuse wire', () => {
    expect(readFuses(Buffer.from('no wire here'))).toBeNull();
    expect(compareFuses({ runAsNode: false }, null)).toEqual(['no fuse wire found in the packaged binary']);
    expect(FUSE_SENTINEL).toHaveLength(32);
  });
});
