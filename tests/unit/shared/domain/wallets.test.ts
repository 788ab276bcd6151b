import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import { describe, expect, it } from 'vitest';
import { checkWalletAddress, saveWalletAddresses, toChecksumAddress, walletChanges, type Coin, type WalletAddresses } from '@shared/domain/wallets';

const twenty = Array.from({ length: 20 }, (_, i) => i * 7);
const segwit = (hrp: string, version = 0, program = twenty) => (version === 0 ? bech32 : bech32m).encode(hrp, [version, ...bech32.toWords(program)]);
const base58 = (version: number) => bs58check.encode(Uint8Array.from([version, ...twenty]));

const valid: [Coin, string][] = [
  ['BITCOIN', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], // BIP 173
  ['BITCOIN', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'], // BIP 350
  ['BITCOIN', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['BITCOIN', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ['ETHEREUM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], // EIP-55
  ['ETHEREUM', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
  ['USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ['USDT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['TRON', base58(0x41)],
  ['LITECOIN', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
  ['LITECOIN', 'MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN'],
  ['LITECOIN', segwit('ltc')],
  ['BITCOIN', segwit('bc', 1)]
];

const invalid: [Coin, string][] = [
  ['BITCOIN', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'], // checksum
  ['BITCOIN', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'], // checksum
  ['BITCOIN', segwit('ltc')], // another coin's prefix
  ['BITCOIN', bech32.encode('bc', [1, ...bech32.toWords(twenty)])], // v1 must use bech32m, not bech32
  ['BITCOIN', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'],
  ['ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], // wrong case = wrong checksum
  ['ETHEREUM', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'], // 39 hex
  ['ETHEREUM', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  ['USDT', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
  ['TRON', base58(0x00)],
  ['LITECOIN', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  ['LITECOIN', 'ltc1 qg82wz4x'],
  ['LITECOIN', '']
];

describe('wallet address checks', () => {
  it.each(valid)('%s accepts %s', (coin, address) => {
    expect(checkWalletAddress(coin, address)).toBeNull();
  });

  it.each(invalid)('%s refuses %s with a sentence', (coin, address) => {
    expect(checkWalletAddress(coin, address)).toMatch(/\.$/);
  });

  it('says when only the letter case breaks an Ethereum checksum', () => {
    expect(checkWalletAddress('ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(
      'The letter case does not match the address checksum: check for a typo.'
    );
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });
});

describe('saving wallet addresses', () => {
  const current: WalletAddresses = {
    BITCOIN: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    ETHEREUM: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    USDT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    TRON: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    LITECOIN: 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9'
  };

  it('lists old -> new for each changed coin only', () => {
    expect(walletChanges(current, { ...current, TRON: base58(0x41) })).toEqual([{ coin: 'TRON', before: current.TRON, after: base58(0x41) }]);
  });

  it('overwrites the document, audited with the changed coins', () => {
    const result = saveWalletAddresses(current, { ...current, BITCOIN: ' 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy ' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.changes).toEqual([
      { path: 'settings/walletAddresses', set: { ...current, BITCOIN: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' }, replace: true }
    ]);
    expect(result.value.audit).toMatchObject({
      kind: 'wallets',
      before: { 'settings/walletAddresses.BITCOIN': current.BITCOIN },
      after: { 'settings/walletAddresses.BITCOIN': '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' }
    });
    expect(result.value.message).toBe('Wallet addresses updated successfully.');
  });

  it('refuses to save while any address is invalid, naming the coin', () => {
    const result = saveWalletAddresses(current, { ...current, ETHEREUM: '0x123' });
    expect(result.ok ? null : result.error).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/^ETHEREUM: /) });
  });
});
