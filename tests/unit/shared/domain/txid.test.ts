import { describe, expect, it } from 'vitest';
import { explorerUrl, shortTxid } from '@shared/domain/explorers';
import {
  canonicalTxid,
  chainEvidence,
  checkTxid,
  coinOf,
  legacyTxidGuardPaths,
  NO_TXID_WARNING,
  txidGuardPath,
  txidGuardsToRead,
  txidProblem,
  usedTxidMessage
} from '@shared/domain/txid';
import { deposit } from '../../../support/builders';

const HEX = '9F2C4A'.repeat(10) + 'ABCD';
const ETH = `0x${HEX}`;

describe('transaction ids per coin', () => {
  it.each([
    ['BITCOIN', HEX, HEX.toLowerCase()],
    ['LITECOIN', ` ${HEX}\n`, HEX.toLowerCase()],
    ['TRON', HEX, HEX.toLowerCase()],
    ['ETHEREUM', ETH, ETH.toLowerCase()],
    ['USDT', ETH, ETH.toLowerCase()],
    ['USDT', HEX, HEX.toLowerCase()]
  ] as const)('a %s id is accepted trimmed and stored lower-cased', (coin, given, stored) => {
    expect(checkTxid(coin, given)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['BITCOIN', ETH, 'A BITCOIN transaction id is 64 hexadecimal characters.'],
    ['ETHEREUM', HEX, 'A ETHEREUM transaction id is 0x followed by 64 hexadecimal characters.'],
    ['TRON', HEX.slice(1), 'A TRON transaction id is 64 hexadecimal characters.'],
    ['LITECOIN', `${HEX.slice(1)}g`, 'A LITECOIN transaction id is 64 hexadecimal characters.'],
    ['USDT', `0x${HEX.slice(2)}`, 'A USDT transaction id is 64 hexadecimal characters (on Tron) or 0x followed by 64 hexadecimal characters (on Ethereum).']
  ] as const)('a malformed %s id is VALIDATION naming the coin and the form', (coin, given, message) => {
    expect(checkTxid(coin, given)).toEqual({ ok: false, error: { code: 'VALIDATION', message } });
  });

  it('reads the coin a record names in any case, and refuses an id for a coin it does not know', () => {
    expect(coinOf(' bitcoin ')).toBe('BITCOIN');
    expect(coinOf('Bank transfer')).toBeNull();
    expect(checkTxid(coinOf('Bank transfer'), HEX, 'deposit')).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(txidProblem('ETHEREUM', '')).toBeNull();
    expect(txidProblem('ETHEREUM', HEX)).toContain('0x followed by 64');
  });

  it('opens the default explorer per coin, USDT by the form of its id, and a platform template when it set one', () => {
    expect(explorerUrl('BITCOIN', 'ab')).toBe('https://mempool.space/tx/ab');
    expect(explorerUrl('USDT', '0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(explorerUrl('USDT', 'ab')).toBe('https://tronscan.org/#/transaction/ab');
    expect(explorerUrl('LITECOIN', 'ab', { LITECOIN: 'https://blockchair.com/litecoin/transaction/{txid}' })).toBe(
      'https://blockchair.com/litecoin/transaction/ab'
    );
    // A stored template that is not https is never used.
    expect(explorerUrl('BITCOIN', 'ab', { BITCOIN: 'http://evil.test/{txid}' })).toBe('https://mempool.space/tx/ab');
    const id = HEX.toLowerCase();
    expect(shortTxid(id)).toBe(`${id.slice(0, 6)}…${id.slice(-6)}`);
    expect(shortTxid(ETH.toLowerCase())).toBe(`${ETH.toLowerCase().slice(0, 8)}…${id.slice(-6)}`);
  });
});

describe('the guard of a transaction', () => {
  const hash = HEX.toLowerCase();

  it('is keyed on the hash alone, whatever the coin and the spelling: one guard for all of them', () => {
    expect(canonicalTxid(hash)).toBe(hash);
    expect(canonicalTxid(`0x${hash}`)).toBe(hash);
    const paths = (
      [
        ['BITCOIN', HEX],
        ['LITECOIN', HEX],
        ['TRON', HEX],
        ['USDT', HEX],
        ['USDT', ETH],
        ['ETHEREUM', ETH]
      ] as const
    ).map(([coin, typed]) => {
      const stored = checkTxid(coin, typed);
      if (!stored.ok) throw new Error(stored.error.message);
      return txidGuardPath(stored.value);
    });
    expect(new Set(paths)).toEqual(new Set([`txidGuards/${hash}`]));
  });

  it('records the coin and the id as typed, and links the explorer of the spelling typed', () => {
    const usdt = (typed: string) => chainEvidence('deposit', deposit(), 'USDT', { txid: typed, guard: null }, { email: null, amount: '$1.00' });
    const onEthereum = usdt(ETH);
    const onTron = usdt(HEX);
    if (!onEthereum.ok || !onTron.ok) throw new Error('refused');
    expect(onEthereum.value.changes[0]).toMatchObject({ path: `txidGuards/${hash}`, set: { coin: 'USDT', txid: `0x${hash}` } });
    expect(onTron.value.changes[0]).toMatchObject({ path: `txidGuards/${hash}`, set: { coin: 'USDT', txid: hash } });
    expect(onEthereum.value.link).toBe(`https://etherscan.io/tx/0x${hash}`);
    expect(onTron.value.link).toBe(`https://tronscan.org/#/transaction/${hash}`);
  });

  it('reads the six legacy guards the transaction could have, each coin with each spelling it accepts, after its own', () => {
    const legacy = [
      `txidGuards/BITCOIN_${hash}`,
      `txidGuards/ETHEREUM_0x${hash}`,
      `txidGuards/USDT_${hash}`,
      `txidGuards/USDT_0x${hash}`,
      `txidGuards/TRON_${hash}`,
      `txidGuards/LITECOIN_${hash}`
    ];
    expect(legacyTxidGuardPaths(hash)).toEqual(legacy);
    expect(legacyTxidGuardPaths(`0x${hash}`)).toEqual(legacy);
    expect(txidGuardsToRead(`0x${hash}`)).toEqual([`txidGuards/${hash}`, ...legacy]);
  });
});

describe('chain evidence of a credit or payout', () => {
  const record = deposit();
  const facts = { email: 'u1@example.com', amount: '$123.45' };

  it('without an id: allowed with the warning, unless the platform requires one', () => {
    expect(chainEvidence('deposit', record, 'BITCOIN', {}, facts)).toEqual({
      ok: true,
      value: { txid: null, coin: 'BITCOIN', link: null, changes: [], notes: [NO_TXID_WARNING] }
    });
    expect(chainEvidence('deposit', record, 'BITCOIN', { txid: '  ', requireTxid: true }, facts)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('with an unused id: the guard to create, named by the hash, and the explorer link', () => {
    const evidence = chainEvidence('deposit', record, 'BITCOIN', { txid: HEX, guard: null }, facts);
    if (!evidence.ok) throw new Error(evidence.error.message);
    expect(evidence.value.changes).toEqual([
      {
        path: `txidGuards/${HEX.toLowerCase()}`,
        set: {
          coin: 'BITCOIN',
          txid: HEX.toLowerCase(),
          kind: 'deposit',
          recordId: 'd1',
          recordPath: 'deposits/d1',
          email: 'u1@example.com',
          amount: '$123.45'
        },
        replace: true
      }
    ]);
    expect(evidence.value.link).toBe(`https://mempool.space/tx/${HEX.toLowerCase()}`);
  });

  it('with an id already used: CONFLICT naming the record it justified', () => {
    const guard = { id: 'g', data: { kind: 'deposit', recordId: 'd0', email: 'olivia@example.com', amount: '$250.00' } };
    expect(chainEvidence('deposit', record, 'BITCOIN', { txid: HEX, guard }, facts)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: 'This transaction already credited deposit d0 (olivia@example.com, $250.00).' }
    });
    expect(usedTxidMessage({ id: 'g', data: { kind: 'withdrawal', recordId: 'w9', email: 'wes@example.com', amount: '$1.00' } })).toBe(
      'This transaction already paid withdrawal w9 (wes@example.com, $1.00).'
    );
  });
});
