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
import { signIn } from '../api/session';

const EMPTY_FIELDS = 'Email or password is empty';

/**
 * On success the session store gains a user and the sign-in page redirects; nothing to do here.
 * Three fields in plain state, not react-hook-form: with it the sign-in route's JavaScript measured
 * 152,067 bytes gzip, over its 150,000 budget (tools/bench/targets.ts). The fields are the shared Field.
 */
export function LoginForm() {
  const rememberedEmail = useSession((s) => s.rememberedEmail);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState(rememberedEmail ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(rememberedEmail !== null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (email.trim() === '' || password === '') {
      setError(EMPTY_FIELDS);
      notify.error(EMPTY_FIELDS);
      return;
    }
    setBusy(true);
    try {
      await signIn({ email: email.trim(), password, rememberMe });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
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
            name="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>

      <Field id="login-password" label="Password">
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            autoFocus={rememberedEmail !== null}
            readOnly={busy}
            name="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>

      <div className="flex items-start gap-3">
        <Switch
          id="login-remember"
          className="mt-0.5"
          checked={rememberMe}
          onCheckedChange={setRememberMe}
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
