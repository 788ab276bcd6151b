// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DigestList, VerifyRecordsResult } from '@shared/contract';
import { EvidencePage, screenOf } from '@renderer/features/evidence/EvidencePage';
import { setFormatPlace } from '@renderer/lib/format';
import { showInApp } from '../../../support/renderer/render';

// The Evidence screen: the signed digests, Verify records over everything or a range of days, each
// broken link named with a way to the record, and a day's digest file saved for the auditor.

beforeEach(() => setFormatPlace({ locale: 'en-US', timeZone: 'UTC' }));
afterEach(() => {
  cleanup();
  setFormatPlace(null);
  delete (window as unknown as { api?: unknown }).api;
  vi.restoreAllMocks();
});

const ok = <T,>(value: T) => ({ ok: true as const, value });
const refused = (code: string, message: string) => ({ ok: false as const, error: { code, message } });
type Answer<T> = ReturnType<typeof ok<T>> | ReturnType<typeof refused>;

const KEY = 'ab'.repeat(32);
const twoDays: DigestList = {
  digests: [
    { day: '2026-12-02', takenAt: Date.parse('2026-12-03T00:05:00Z'), customers: 1250, auditSeq: 9312, signedBy: KEY.slice(0, 16) },
    { day: '2026-12-01', takenAt: Date.parse('2026-12-02T00:05:00Z'), customers: 1248, auditSeq: 9100, signedBy: KEY.slice(0, 16) }
  ],
  publicKey: KEY
};

function fakeApi(answers: { digests?: Answer<DigestList>; verify?: Answer<VerifyRecordsResult>; file?: Answer<{ fileName: string; text: string }> } = {}) {
  const calls = {
    digests: vi.fn(async () => answers.digests ?? ok(twoDays)),
    verify: vi.fn(async (_input: object) => answers.verify ?? ok({ checked: 18_250, broken: [], publicKey: KEY })),
    digestFile: vi.fn(async ({ day }: { day: string }) => answers.file ?? ok({ fileName: `digest-${day}.json`, text: '{"day":"x"}' }))
  };
  const unavailable = async () => refused('UNAVAILABLE', 'Not in this test.');
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : namespace === 'records' ? calls : new Proxy({}, { get: () => unavailable })
    }
  );
  return calls;
}

describe('the Evidence screen', () => {
  it('lists the signed days, with their customers, audit entries and the key that signed them', async () => {
    fakeApi();
    showInApp(<EvidencePage />, '/evidence');
    const table = await screen.findByRole('table', { name: /signed daily digests/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toMatch(/Dec 2, 2026/);
    expect(within(rows[0]!).getByText('1,250')).toBeTruthy();
    expect(within(rows[0]!).getByText('9,312')).toBeTruthy();
    expect(within(rows[0]!).getByText(KEY.slice(0, 16))).toBeTruthy();
    expect(screen.getByText(KEY)).toBeTruthy();
  });

  it('explains that no digest is signed until the digest function runs', async () => {
    fakeApi({ digests: ok({ digests: [], publicKey: null }) });
    showInApp(<EvidencePage />, '/evidence');
    expect(await screen.findByRole('heading', { name: 'No digest yet' })).toBeTruthy();
    expect(screen.getByText(/signs one digest each day, once its digest function runs/)).toBeTruthy();
  });

  it('says why the digests could not be read, and reads them again on Retry', async () => {
    const calls = fakeApi({ digests: refused('PERMISSION_DENIED', 'Your role cannot read this.') });
    showInApp(<EvidencePage />, '/evidence');
    expect(await screen.findByText('Your role cannot read this.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(calls.digests).toHaveBeenCalledTimes(2));
  });

  it('verifies everything from the keyboard and says nothing is broken', async () => {
    const calls = fakeApi();
    showInApp(<EvidencePage />, '/evidence');
    await screen.findByRole('table');
    screen.getByRole('button', { name: 'Verify records' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('18,250 records checked, nothing broken.')).toBeTruthy();
    expect(calls.verify).toHaveBeenCalledWith({});
  });

  it('verifies a range of days and lists each broken link, with a way to the record', async () => {
    const calls = fakeApi({
      verify: ok({
        checked: 412,
        broken: [
          {
            path: 'users/ann/journal/e07',
            reason: 'Its hash is 1a2b3c4d5e6f…, but the entry as stored hashes to 9f8e7d6c5b4a… after seq 6: it was changed, or the entry before it was.'
          },
          { path: 'auditLog/op-9', reason: 'Seq 9 comes again after seq 9: an entry was inserted or repeated.' },
          { path: 'digests/2026-12-01', reason: 'Its signature does not match its contents: it was changed after it was signed.' }
        ],
        publicKey: KEY
      })
    });
    showInApp(<EvidencePage />, '/evidence');
    await userEvent.type(screen.getByLabelText('From day'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('To day'), '2026-12-02');
    await userEvent.click(screen.getByRole('button', { name: 'Verify records' }));
    expect(await screen.findByText(/412 records checked from Dec 1, 2026 to Dec 2, 2026: 3 broken links/)).toBeTruthy();
    expect(calls.verify).toHaveBeenCalledWith({ from: '2026-12-01', to: '2026-12-02' });
    const list = screen.getByRole('list', { name: 'Broken links' });
    expect(within(list).getByRole('link', { name: 'users/ann/journal/e07' }).getAttribute('href')).toBe('/users/ann');
    expect(within(list).getByRole('link', { name: 'auditLog/op-9' }).getAttribute('href')).toBe('/audit');
    // A digest has no screen of its own: its path is named, not linked.
    expect(within(list).queryByRole('link', { name: 'digests/2026-12-01' })).toBeNull();
    expect(within(list).getByText(/changed after it was signed/)).toBeTruthy();
  });

  it('refuses a range that ends before it starts, without asking the main process', async () => {
    const calls = fakeApi();
    showInApp(<EvidencePage />, '/evidence');
    await userEvent.type(screen.getByLabelText('From day'), '2026-12-05');
    await userEvent.type(screen.getByLabelText('To day'), '2026-12-01');
    expect(screen.getByText('The range must start before it ends.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Verify records' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.verify).not.toHaveBeenCalled();
  });

  it('says why verifying failed', async () => {
    fakeApi({ verify: refused('UNAVAILABLE', 'The database did not answer within 45 seconds.') });
    showInApp(<EvidencePage />, '/evidence');
    await userEvent.click(screen.getByRole('button', { name: 'Verify records' }));
    expect(await screen.findByText(/Couldn't verify the records: The database did not answer/)).toBeTruthy();
  });

  it("saves a day's digest file as digest-YYYY-MM-DD.json", async () => {
    const calls = fakeApi();
    const clicked: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:digest');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    showInApp(<EvidencePage />, '/evidence');
    await userEvent.click(await screen.findByRole('button', { name: 'Download digest of Dec 1, 2026' }));
    await waitFor(() => expect(clicked).toEqual(['digest-2026-12-01.json']));
    expect(calls.digestFile).toHaveBeenCalledWith({ day: '2026-12-01' });
  });

  it('names the record each broken path can be looked at on', () => {
    expect(screenOf('journalHeads/bob')).toBe('/users/bob');
    expect(screenOf('auditChain/head')).toBe('/audit');
    expect(screenOf('digests/2026-12-01')).toBeNull();
  });
});
