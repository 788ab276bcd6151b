import { ShieldCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/Field';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { CodeInput } from './CodeInput';
import { PasswordInput } from '../../../components/ui/PasswordInput';
import { api, call, errorMessage } from '../../../lib/api';
import { useSession } from '../../../stores/session';
import { useStepUp } from '../../../stores/step-up';

/**
 * Step-up (docs/product-rules.md §11.2): the riskiest changes (wallet addresses, deleting or
 * suspending a customer, the risk rules, a large withdrawal) need the password typed within the last
 * few minutes. The change waits while this asks for it, then goes ahead as it was asked.
 */
export function ReauthDialog() {
  const waiting = useStepUp((s) => s.waiting !== null);
  // Signed out (idle, Logout) while a change waited: it is not made.
  useEffect(() => () => useStepUp.getState().answer(false), []);
  // A new dialog each time it is asked: nothing typed stays from the last time.
  return waiting ? <ReauthForm /> : null;
}

function ReauthForm() {
  const answer = useStepUp((s) => s.answer);
  const email = useSession((s) => s.user?.email ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [factor, setFactor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (factor === null && !password) return setError('Type your password.');
    setBusy(true);
    try {
      if (factor === null) {
        const confirmed = await call(() => api().session.reauthenticate({ password }));
        if ('codeRequired' in confirmed) return setFactor(confirmed.codeRequired.factor);
      } else {
        await call(() => api().session.reauthenticateCode({ code: code.trim() }));
      }
      answer(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && answer(false)}
      title="Confirm your password"
      description={
        <p>
          This change needs your password again: it moves money or changes who can. Confirm it as <strong className="text-slate-900">{email}</strong> and the
          change goes ahead.
        </p>
      }
      hideClose
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        {factor === null ? (
          <Field label="Password" error={error}>
            {(control) => (
              <PasswordInput
                {...control}
                autoFocus
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                readOnly={busy}
              />
            )}
          </Field>
        ) : (
          <Field label="Authenticator code" hint={`The 6-digit code from ${factor}.`} error={error}>
            {(control) => <CodeInput {...control} readOnly={busy} code={code} onCode={setCode} />}
          </Field>
        )}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" disabled={busy} onClick={() => answer(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {!busy && <ShieldCheck aria-hidden />}
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
