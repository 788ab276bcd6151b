import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/Field';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Label } from '../../../components/ui/Label';
import { Notice } from '../../../components/ui/Notice';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { Switch } from '../../../components/ui/Switch';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../stores/session';
import { signIn, signInCode } from '../api/session';
import { CodeInput } from './CodeInput';

const EMPTY_FIELDS = 'Email or password is empty';

interface SignInFields {
  email: string;
  password: string;
  rememberMe: boolean;
}

/**
 * On success the session store gains a user and the sign-in page redirects; nothing to do here.
 * Three fields held in plain state, unlike the other forms: react-hook-form and zod stay out of the
 * sign-in page's download (its budget, tools/bench/targets.ts), and the one rule here, "Email or
 * password is empty", is the session service's own message.
 */
export function LoginForm() {
  const rememberedEmail = useSession((s) => s.rememberedEmail);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<SignInFields>({ email: rememberedEmail ?? '', password: '', rememberMe: rememberedEmail !== null });
  const [busy, setBusy] = useState(false);
  /** The account's second factor, once the password was right and its code is asked for. */
  const [factor, setFactor] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const field = (name: 'email' | 'password') => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((now) => ({ ...now, [name]: event.target.value }))
  });

  const signInWith = async ({ email, password, rememberMe }: SignInFields) => {
    setError(null);
    if (email.trim() === '' || password === '') {
      setError(EMPTY_FIELDS);
      notify.error(EMPTY_FIELDS);
      return;
    }
    try {
      const answer = await signIn({ email: email.trim(), password, rememberMe });
      if ('codeRequired' in answer) setFactor(answer.codeRequired.factor);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const withCode = async () => {
    setError(null);
    try {
      await signInCode(code.trim());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void (factor === null ? signInWith(fields) : withCode()).finally(() => setBusy(false));
  };

  if (factor !== null) {
    return (
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <p className="text-sm text-slate-600">
          This account signs in with an authenticator app too. Enter the 6-digit code {factor} shows for{' '}
          <strong className="text-slate-900">{fields.email.trim()}</strong>.
        </p>
        {/* A wrong code is said once, in the alert below; the field is marked as what it is about. */}
        <Field id="login-code" label="Authenticator code">
          {(control) => <CodeInput {...control} aria-invalid={error ? true : undefined} readOnly={busy} code={code} onCode={setCode} />}
        </Field>
        <Button type="submit" size="lg" className="w-full" busy={busy}>
          {busy ? 'Checking...' : 'Verify code'}
        </Button>
        <button
          type="button"
          className="w-full text-center text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
          onClick={() => {
            setFactor(null);
            setCode('');
            setError(null);
          }}
        >
          Start again with another account
        </button>
        {error && <Notice tone="error">{error}</Notice>}
      </form>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field id="login-email" label="E-mail">
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="username"
            spellCheck={false}
            autoFocus={rememberedEmail === null}
            readOnly={busy}
            {...field('email')}
          />
        )}
      </Field>

      <Field id="login-password" label="Password">
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" autoFocus={rememberedEmail !== null} readOnly={busy} {...field('password')} />
        )}
      </Field>

      <div className="flex items-start gap-3">
        <Switch
          id="login-remember"
          className="mt-0.5"
          checked={fields.rememberMe}
          onCheckedChange={(rememberMe) => setFields((now) => ({ ...now, rememberMe }))}
          disabled={busy}
          aria-describedby="login-remember-hint"
        />
        <div>
          <Label htmlFor="login-remember" className="cursor-pointer">
            Remember me
          </Label>
          <p id="login-remember-hint" className="mt-0.5 text-xs text-slate-500">
            Keeps your e-mail on this computer. Your password is never stored.
          </p>
        </div>
      </div>

      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {busy ? 'Logging in...' : 'Log In'}
      </Button>

      {error && <Notice tone="error">{error}</Notice>}
    </form>
  );
}
