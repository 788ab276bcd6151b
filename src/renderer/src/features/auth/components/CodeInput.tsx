import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/Input';

/**
 * The 6-digit code of an authenticator app, focused as it appears (signing in, confirming the
 * password): a numeric keypad, and the system may offer a one-time code it holds.
 */
export function CodeInput({ code, onCode, ...props }: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { code: string; onCode: (code: string) => void }) {
  return (
    <Input {...props} autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(event) => onCode(event.target.value)} />
  );
}
