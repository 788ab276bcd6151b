import { describe, expect, it, vi } from 'vitest';
import { backendClient } from '@main/backend/client';
import { AppError } from '@shared/result';

const KEY = '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b';
const payload = { email: 'a@b.com', subject: 'S', CompanyName: 'C', htmlToSend: '<p>x</p>' };

const request = (fetchImpl: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetchImpl.mock.calls[0] as unknown as [URL, RequestInit];
  return { url: String(url), method: init.method, headers: new Headers(init.headers), body: init.body };
};

describe('backend host client: Idempotency-Key and forced deletion', () => {
  it('sends the operationId as the Idempotency-Key of a deletion, with its reason as the JSON body', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    await backendClient('https://host.example', fetchImpl as unknown as typeof fetch).deleteUser('cust/1', 'tok', KEY, { reason: 'Closed by request' });
    const sent = request(fetchImpl);
    expect(sent.url).toBe('https://host.example/api/deleteUser/cust%2F1');
    expect(sent.method).toBe('DELETE');
    expect(sent.headers.get('idempotency-key')).toBe(KEY);
    expect(sent.headers.get('authorization')).toBe('Bearer tok');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(sent.body))).toEqual({ reason: 'Closed by request' });
  });

  it('asks for a forced deletion with ?force=true', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    await backendClient('https://host.example', fetchImpl as unknown as typeof fetch).deleteUser('cust-1', 'tok', KEY, {
      reason: 'Closed by request',
      force: true
    });
    expect(request(fetchImpl).url).toBe('https://host.example/api/deleteUser/cust-1?force=true');
  });

  it('suspends and lifts a suspension with a POST carrying the reason and the Idempotency-Key', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    const client = backendClient('https://host.example', fetchImpl as unknown as typeof fetch);
    await client.suspendUser('cust/1', 'Account taken over', 'tok', KEY);
    const sent = request(fetchImpl);
    expect([sent.method, sent.url, sent.headers.get('idempotency-key'), JSON.parse(String(sent.body))]).toEqual([
      'POST',
      'https://host.example/api/suspendUser/cust%2F1',
      KEY,
      { reason: 'Account taken over' }
    ]);
    await client.unsuspendUser('cust-1', 'Confirmed', 'tok', KEY);
    expect(String((fetchImpl.mock.calls[1] as unknown as [URL])[0])).toBe('https://host.example/api/unsuspendUser/cust-1');
  });

  it('sends the Idempotency-Key with an e-mail', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    await backendClient('https://host.example', fetchImpl as unknown as typeof fetch).sendMail(payload, 'tok', KEY);
    expect(request(fetchImpl).headers.get('idempotency-key')).toBe(KEY);
  });

  it('turns the refusal of a customer who holds money into HOLDS_MONEY carrying the figures', async () => {
    const body = {
      error: 'This customer still holds $1,234.50 and has 2 pending deposits and 1 pending withdrawal.',
      code: 'HOLDS_MONEY',
      balance: 1234.5,
      pendingDeposits: 2,
      pendingWithdrawals: 1,
      hint: 'Send the request again with ?force=true to delete the customer anyway.'
    };
    const fetchImpl = async () => new Response(JSON.stringify(body), { status: 409 });
    const error = await backendClient('http://h', fetchImpl as unknown as typeof fetch)
      .deleteUser('cust-1', 't', KEY, { reason: 'Closed by request' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).message]).toEqual(['HOLDS_MONEY', body.error]);
  });

  it('turns a key reused for another request (422) into a CONFLICT', async () => {
    const fetchImpl = async () => new Response('{"error":"This Idempotency-Key was already used for a different request."}', { status: 422 });
    const error = await backendClient('http://h', fetchImpl as unknown as typeof fetch)
      .sendMail(payload, 't', KEY)
      .catch((e: unknown) => e);
    expect((error as AppError).code).toBe('CONFLICT');
  });
});
