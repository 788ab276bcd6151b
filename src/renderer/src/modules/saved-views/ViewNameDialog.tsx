import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../../components/form/Field';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';

const MAX_NAME = 60;

interface ViewNameDialogProps {
  title: string;
  description: ReactNode;
  initialName: string;
  confirmLabel: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
  /** Under the name (the rename dialog's Delete). */
  footer?: ReactNode;
}

/** A view's name, asked for when it is saved or renamed: required, at most 60 characters, Enter saves. */
export function ViewNameDialog({ title, description, initialName, confirmLabel, busy, onSubmit, onClose, footer }: ViewNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [tried, setTried] = useState(false);
  const problem = !name.trim() ? 'Give the view a name.' : name.trim().length > MAX_NAME ? `Keep the name to ${MAX_NAME} characters.` : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem && !busy) onSubmit(name.trim());
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()} title={title} description={description}>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <Field label="Name" error={tried ? problem : null}>
          {(control) => <Input {...control} value={name} maxLength={MAX_NAME + 20} autoFocus onChange={(event) => setName(event.target.value)} />}
        </Field>
        <div className="flex items-center justify-end gap-3">
          {footer}
          <Button type="button" variant="secondary" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
