import { describe, expect, it, vi } from 'vitest';
import { backendClient } from '@main/backend/client';
import { REAUTH_REQUIRED_MESSAGE, STEP_UP_REQUIRED } from '@shared/domain/access';
import { AppError } from '@shared/result';

const KEY = '3f2b8c1e-4d5a-4e6f-9a7b-8c9d0e1f2a3b';
const payload = { email: 'a@b.com', subject: 'S', CompanyName: 'C', htmlToSend: '<p>x</p>', textToSend: 'x' };

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('backend host client', () => {
  it('posts the payload to /send-mail with the ID token as a Bearer token', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    await backendClient('https://host.example/api', fetchImpl as unknown as typeof fetch).sendMail(payload, 'tok', KEY);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe('https://host.example/api/send-mail');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(init.body))).toEqual(payload);
  });

  it.each([
    [400, '{"error":"subject: required"}', 'VALIDATION', 'subject: required'],
    [401, '{"error":"Your sign-in has expired."}', 'UNAUTHENTICATED', 'Your sign-in has expired.'],
    [403, 'Only the administrator may send e-mail.', 'PERMISSION_DENIED', 'Only the administrator may send e-mail.'],
    [409, '{"error":"The administrator\'s account cannot be deleted."}', 'CONFLICT', "The administrator's account cannot be deleted."],
    [502, '', 'UNAVAILABLE', 'The backend host answered with status 502.']
  ])('a %s answer becomes a readable error with the server text', async (status, body, code, message) => {
    const fetchImpl = async () => new Response(body, { status });
    const error = await failure(backendClient('http://h', fetchImpl as unknown as typeof fetch).sendMail(payload, 't', KEY));
    expect([error.code, error.message]).toEqual([code, message]);
  });

  it("turns the host's step-up refusal into the main process's own, so the screen asks for the password and sends it again", async () => {
    const body = { error: 'Confirm your password to continue: this change needs it typed within the last 5 minutes.', code: STEP_UP_REQUIRED };
    const fetchImpl = async () => new Response(JSON.stringify(body), { status: 401 });
    const client = backendClient('http://h', fetchImpl as unknown as typeof fetch);
    for (const refused of [
      client.deleteUser('cust-1', 't', KEY, { reason: 'Closed by request' }),
      client.suspendUser('cust-1', 'Account taken over', 't', KEY),
      client.unsuspendUser('cust-1', 'Confirmed', 't', KEY)
    ]) {
      const error = await failure(refused);
      expect([error.code, error.message]).toEqual(['STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE]);
    }
    // The same code on another status is not a step-up refusal.
    const other = async () => new Response(JSON.stringify(body), { status: 403 });
    expect((await failure(backendClient('http://h', other as unknown as typeof fetch).suspendUser('cust-1', 'x', 't', KEY))).message).toBe(body.error);
  });

  it('says the host cannot be reached when the connection fails', async () => {
    const fetchImpl = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await failure(backendClient('http://127.0.0.1:9', fetchImpl as unknown as typeof fetch).sendMail(payload, 't', KEY));
    expect(error.message).toBe('The backend host at http://127.0.0.1:9 cannot be reached.');
  });

  it('says what to configure when there is no backend host', async () => {
    const error = await failure(backendClient(null).sendMail(payload, 't', KEY));
    expect(error.message).toMatch(/No backend host is configured/);
  });

  it('leaves a reconciliation run to the desktop only where the host cannot run one: none, unreachable, or without the route', async () => {
    const unreachable = async () => {
      throw new TypeError('fetch failed');
    };
    const withoutRoute = async () => new Response('{"error":"Not found"}', { status: 404 });
    expect(await backendClient(null).startReconciliation('t', KEY)).toBeNull();
    expect(await backendClient('http://127.0.0.1:9', unreachable as unknown as typeof fetch).startReconciliation('t', KEY)).toBeNull();
    expect(await backendClient('http://h', withoutRoute as unknown as typeof fetch).startReconciliation('t', KEY)).toBeNull();
    // A host that answers, even to say it is down or busy, is the one that decides: its refusal reaches the screen.
    const down = async () => new Response('{"error":"The platform is being updated."}', { status: 503 });
    const busy = async () => new Response('{"error":"Another reconciliation run is going on."}', { status: 409 });
    expect(await failure(backendClient('http://h', down as unknown as typeof fetch).startReconciliation('t', KEY))).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'The platform is being updated.'
    });
    expect((await failure(backendClient('http://h', busy as unknown as typeof fetch).startReconciliation('t', KEY))).code).toBe('CONFLICT');
  });

  it('tells a refusal to delete a customer who holds money by its code, not by its words', async () => {
    const refusal = (code?: string) => async () =>
      new Response(JSON.stringify({ error: 'This customer still holds $5.00.', ...(code ? { code } : {}) }), { status: 409 });
    const deleting = (fetchImpl: () => Promise<Response>) =>
      failure(backendClient('http://h', fetchImpl as unknown as typeof fetch).deleteUser('cust-1', 't', KEY, { reason: 'Closed by request' }));
    expect(await deleting(refusal('HOLDS_MONEY'))).toMatchObject({ code: 'HOLDS_MONEY', message: 'This customer still holds $5.00.' });
    expect((await deleting(refusal())).code).toBe('CONFLICT');
  });
});
