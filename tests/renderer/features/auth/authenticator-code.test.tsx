// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REAUTH_REQUIRED_MESSAGE, WRONG_CODE } from '@shared/domain/access';
import { LoginForm } from '@renderer/features/auth/components/LoginForm';
import { ReauthDialog } from '@renderer/features/auth/components/ReauthDialog';
import { ApiError } from '@renderer/lib/api';
import { withStepUp } from '@renderer/lib/step-up';
import { useSession } from '@renderer/stores/session';
import { useStepUp } from '@renderer/stores/step-up';
import { standInForLayout } from '../../../support/renderer/render';

// Multi-factor sign-in (contract: session.signIn answers codeRequired, then session.signInCode) and
// the password confirmed again (step-up) on an account with an authenticator app.

const ok = <T,>(value: T) => ({ ok: true as const, value });
const wrongCode = { ok: false as const, error: { code: 'VALIDATION', message: WRONG_CODE } };
const ADMIN = { uid: 'admin-1', email: 'ana@ledger.test', role: 'owner' as const };
const FACTOR = 'Google Authenticator';

/** window.api with the session methods a test gives; anything else answers UNAVAILABLE. */
function fakeApi(session: Record<string, (input: never) => unknown>) {
  const unavailable = async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Not in this test.' } });
  (window as unknown as { api: unknown }).api = new Proxy(
    {},
    {
      get: (_target, namespace: string) =>
        namespace === 'on' ? () => () => undefined : new Proxy({}, { get: (_t, method: string) => (namespace === 'session' && session[method]) || unavailable })
    }
  );
}

beforeAll(standInForLayout);

const signedOut = useSession.getState();
beforeEach(() => useSession.setState({ ...signedOut, user: null, rememberedEmail: null }));
afterEach(() => {
  cleanup();
  act(() => useStepUp.getState().answer(false));
  useSession.setState(signedOut);
  delete (window as unknown as { api?: unknown }).api;
});

describe('signing in to an account with an authenticator app', () => {
  function signInAsksForCode() {
    const signIn = vi.fn(async () => ok({ codeRequired: { factor: FACTOR } }));
    const signInCode = vi.fn(async ({ code }: { code: string }) => (code === '654321' ? ok(ADMIN) : wrongCode));
    fakeApi({ signIn, signInCode });
    render(<LoginForm />);
    return { user: userEvent.setup(), signIn, signInCode };
  }

  async function givePassword(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('E-mail'), ` ${ADMIN.email} `);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
  }

  it('asks for the 6-digit code after the password instead of failing, and sends it', async () => {
    const { user, signIn, signInCode } = signInAsksForCode();
    await givePassword(user);

    const code = await screen.findByLabelText('Authenticator code');
    expect(signIn).toHaveBeenCalledWith({ email: ADMIN.email, password: 'correct horse', rememberMe: false });
    expect(screen.getByText(/Enter the 6-digit code Google Authenticator shows for/).textContent).toContain(ADMIN.email);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(useSession.getState().user).toEqual(ADMIN));
    expect(signInCode).toHaveBeenCalledExactlyOnceWith({ code: '654321' });
  });

  it('says in words that a wrong code is wrong, stays on the code, and lets the administrator try again', async () => {
    const { user, signIn, signInCode } = signInAsksForCode();
    await givePassword(user);
    const code = await screen.findByLabelText('Authenticator code');

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_CODE);
    expect(signInCode).toHaveBeenLastCalledWith({ code: '111111' });
    expect(useSession.getState().user).toBeNull();
    // Still asking for the code, not back at the password, and the field is marked as wrong.
    expect(screen.getByLabelText('Authenticator code')).toBe(code);
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(useSession.getState().user).toEqual(ADMIN));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signInCode).toHaveBeenCalledTimes(2);
    // The password was sent once: the second try is the code alone.
    expect(signIn).toHaveBeenCalledOnce();
  });

  it('Start again goes back to the e-mail and password', async () => {
    const { user } = signInAsksForCode();
    await givePassword(user);
    await user.click(await screen.findByRole('button', { name: 'Start again with another account' }));
    expect(screen.getByLabelText('Password', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });
});

describe('confirming the password again (step-up) on an account with an authenticator app', () => {
  it('asks for the code after the password, shows a wrong code in words, and sends the held-back change once the right one is given', async () => {
    const reauthenticate = vi.fn(async () => ok({ codeRequired: { factor: FACTOR } }));
    const reauthenticateCode = vi.fn(async ({ code }: { code: string }) =>
      code === '654321' ? ok({ confirmedUntil: '2026-03-01T10:05:00.000Z' }) : wrongCode
    );
    fakeApi({ reauthenticate, reauthenticateCode });
    useSession.setState({ user: ADMIN });
    render(<ReauthDialog />);
    const user = userEvent.setup();

    // A change the main process holds back until the password is confirmed.
    let confirmed = false;
    const send = vi.fn(async () => {
      if (!confirmed) throw new ApiError('STEP_UP_REQUIRED', REAUTH_REQUIRED_MESSAGE);
      return 'saved';
    });
    let done!: Promise<string>;
    act(() => {
      done = withStepUp(send);
    });

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(dialog).getByText(ADMIN.email)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'correct horse');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const code = await within(dialog).findByLabelText('Authenticator code');
    expect(reauthenticate).toHaveBeenCalledWith({ password: 'correct horse' });
    expect(within(dialog).getByText(`The 6-digit code from ${FACTOR}.`)).toBeTruthy();
    expect(send).toHaveBeenCalledOnce();

    await user.type(code, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(WRONG_CODE)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(useStepUp.getState().waiting).not.toBeNull();
    expect(send).toHaveBeenCalledOnce();

    confirmed = true;
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await done).toBe('saved');
    expect(reauthenticateCode).toHaveBeenLastCalledWith({ code: '654321' });
    expect(reauthenticate).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
