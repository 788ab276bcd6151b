import { useState, type FormEvent } from 'react';
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
 * Three fields in plain state: a form library would be most of the sign-in page's own download.
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
      <div className="space-y-1.5">
        <Label htmlFor="login-email">E-mail</Label>
        <Input
          id="login-email"
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
      </div>

      <div className="space-y-1.5">
        <Label htmlFor="login-password">Password</Label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          autoFocus={rememberedEmail !== null}
          readOnly={busy}
          name="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>

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
