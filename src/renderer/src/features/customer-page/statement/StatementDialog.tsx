import { useState } from 'react';
import { Field } from '../../../components/form/Field';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Input } from '../../../components/ui/Input';
import { localDay, zoneLabel } from '../../../lib/format';
import { periodProblem, thisMonth, type PeriodDays } from './period';

/** Statement: the administrator chooses the first and last day (their own calendar); the statement shows under the tab's bar. */
export function StatementDialog({ name, onChosen, onClose }: { name: string; onChosen: (days: PeriodDays) => void; onClose: () => void }) {
  const [days, setDays] = useState<PeriodDays>(() => thisMonth(localDay()));
  const [tried, setTried] = useState(false);
  const problem = periodProblem(days);
  const show = () => {
    setTried(true);
    if (!problem) onChosen(days);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Statement for ${name}`}
      description={`The opening balance, each movement of the balance and the closing balance, from the journal. ${zoneLabel()}.`}
    >
      <form
        noValidate
        className="mt-5 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <div className="grid grid-cols-2 gap-3">
          <Field label="First day">
            {(control) => (
              <Input {...control} type="date" value={days.from} max={days.to || undefined} onChange={(e) => setDays({ ...days, from: e.target.value })} />
            )}
          </Field>
          <Field label="Last day" error={tried ? problem : null}>
            {(control) => (
              <Input {...control} type="date" value={days.to} min={days.from || undefined} onChange={(e) => setDays({ ...days, to: e.target.value })} />
            )}
          </Field>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Show statement</Button>
        </div>
      </form>
    </Dialog>
  );
}
