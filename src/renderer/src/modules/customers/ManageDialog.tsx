import { ArrowRight, Minus, Plus, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useInRouterContext } from 'react-router-dom';
import { z } from 'zod';
import { adjustInputSchema } from '@shared/schemas/users';
import { adjustableFields, fieldLabels, formatFieldValue, previewAdjustment, type AdjustableField } from '@shared/domain/users';
import { Field } from '../../components/form/Field';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { inputClasses, Textarea } from '../../components/ui/Input';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { MISSING } from '../../lib/format';
import { zodMessages } from '../../lib/zod-messages';
import { DraftRestoredNote } from '../../components/DraftRestoredNote';
import { parseAmount } from './amount';
import { emptyManage, useManageDraft, type ManageValues } from './use-manage-draft';
import { useAdjustCustomer } from './customer-actions';
import type { CustomerRow } from '@shared/contract';
import { Radio } from '../../components/ui/Choice';

const REASON_REQUIRED = 'A reason is required: it is kept in the audit log.';

/**
 * The contract's users.adjust fields, with the amount typed as text: parseAmount and the domain's
 * previewAdjustment say what is wrong with it, in their own words, and a reason must be given.
 */
const manageSchema = (user: CustomerRow) =>
  adjustInputSchema
    .pick({ field: true, operation: true, reason: true })
    .extend({ amount: z.string() })
    .superRefine((values, ctx) => {
      const parsed = parseAmount(values.amount);
      const preview = parsed.ok ? previewAdjustment(user[values.field], { field: values.field, operation: values.operation, amount: parsed.value }) : null;
      if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.message });
      else if (preview && !preview.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: preview.error.message });
      if (!values.reason.trim()) ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
    });

const shownValue = (field: AdjustableField, value: number | null) => (value === null ? MISSING : formatFieldValue(field, value));

interface ManageDialogProps {
  user: CustomerRow;
  onClose: () => void;
}

/**
 * One figure at a time: pick it, type an amount, Add or Subtract, say why. The preview shows the
 * result before anything is sent; a result below zero needs a second, explicit confirmation.
 */
export function ManageDialog({ user, onClose }: ManageDialogProps) {
  const previewId = useId();
  const schema = useMemo(() => manageSchema(user), [user]);
  const { register, handleSubmit, watch, setValue, getValues, reset, formState } = useForm<ManageValues>({
    defaultValues: emptyManage,
    resolver: zodResolver(schema),
    // Apply never moves the focus: the messages show where the administrator is looking.
    shouldFocusError: false
  });
  const { field, operation, amount: amountText } = watch();
  const submitted = formState.isSubmitted;
  /** The result goes below zero and the administrator pressed Apply once: the second step is showing. */
  const [confirmingNegative, setConfirmingNegative] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const adjust = useAdjustCustomer(user);
  /** The policy covered the adjustment: sent for approval, nothing changed; the dialog says so instead of closing. */
  const [asked, setAsked] = useState<{ message: string } | null>(null);
  const inRouter = useInRouterContext();
  const draft = useManageDraft(user.id, { watch, getValues, reset });
  // Closed on purpose (Cancel, Escape) or applied: what was typed is not offered again.
  const close = () => {
    draft.forget();
    onClose();
  };

  const parsed = parseAmount(amountText);
  const current = user[field];
  const preview = parsed.ok ? previewAdjustment(current, { field, operation, amount: parsed.value }) : null;
  const label = fieldLabels[field];
  const messages = zodMessages(schema, watch());
  // Typing "abc" is wrong at once; an empty box only once Apply was pressed.
  const amountError = submitted || amountText.trim() !== '' ? messages.amount : null;
  const reasonError = submitted ? messages.reason : null;
  const negative = preview?.ok === true && preview.value.negative;

  // Any change to what would be sent takes the administrator back to the first step.
  const backToFirstStep = () => setConfirmingNegative(false);

  const send = (allowNegative: boolean) => {
    if (!parsed.ok || !preview?.ok) return;
    adjust.mutate(
      { field, operation, amount: parsed.value, reason: watch('reason').trim(), allowNegative },
      {
        onSuccess: (result) => {
          if (!result.approvalRequestId) return close();
          draft.forget();
          setAsked({ message: result.message });
        },
        onError: () => setConfirmingNegative(false)
      }
    );
  };

  const onValid = () => {
    if (!parsed.ok || !preview?.ok) return;
    if (preview.value.negative) {
      // Never confirmed by Enter: only the explicit button sends a result below zero.
      if (!confirmingNegative) {
        setConfirmingNegative(true);
        requestAnimationFrame(() => confirmRef.current?.focus());
      }
      return;
    }
    send(false);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (adjust.isPending) return;
    void handleSubmit(onValid)();
  };

  const onReasonKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !adjust.isPending && close()}
      title={`Manage ${user.fullname || user.email || 'customer'}`}
      description={user.fullname && user.email ? user.email : undefined}
      className="max-h-[calc(100vh-2rem)] max-w-xl! overflow-y-auto"
    >
      {asked && (
        <div className="mt-4 space-y-4">
          <div role="status" className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
            <p className="font-medium">Sent for approval: nothing changed yet.</p>
            <p className="mt-1 text-sky-800">{asked.message}</p>
            <p className="mt-1 text-sky-800">
              {label} stays {shownValue(field, current)} until another administrator approves it.
            </p>
          </div>
          <div className="flex items-center justify-end gap-3 border-t border-slate-100 pt-4">
            {inRouter && (
              <Link to={paths.approvals} onClick={onClose} className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
                Open Approvals
              </Link>
            )}
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      )}
      <form onSubmit={submit} noValidate hidden={asked !== null} className="mt-4 space-y-4">
        {draft.restored && (
          <DraftRestoredNote
            what="the figure, amount and reason you typed before. Check them before applying."
            onDiscard={() => {
              reset(emptyManage);
              backToFirstStep();
              draft.forget();
            }}
          />
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Figure to change</legend>
          <div className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200">
            {adjustableFields.map((f) => (
              <label
                key={f}
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3.5 py-1.5 text-sm transition-colors',
                  f === field ? 'bg-indigo-50/70' : 'hover:bg-slate-50'
                )}
              >
                <Radio value={f} {...register('field', { onChange: backToFirstStep })} />
                <span className={cn('flex-1', f === field ? 'font-medium text-slate-900' : 'text-slate-700')}>{fieldLabels[f]}</span>
                <span className="text-slate-600 tabular-nums">{shownValue(f, user[f])}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <Field label="Amount" error={amountError}>
          {(control) => (
            <div className="grid grid-cols-[1fr_auto] items-start gap-x-3">
              <input
                {...control}
                autoFocus
                inputMode="decimal"
                autoComplete="off"
                placeholder={field === 'withdrawalFeePercentage' ? 'e.g. 1.5' : 'e.g. 150.00'}
                {...register('amount', { onChange: backToFirstStep })}
                className={cn(inputClasses, 'tabular-nums')}
              />
              <div role="radiogroup" aria-label="Operation" className="inline-flex h-10 rounded-lg bg-slate-100 p-1">
                {(['add', 'subtract'] as const).map((op) => (
                  <button
                    key={op}
                    type="button"
                    role="radio"
                    aria-checked={operation === op}
                    onClick={() => {
                      setValue('operation', op);
                      backToFirstStep();
                    }}
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors',
                      operation === op ? 'bg-white text-slate-900 shadow-xs ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'
                    )}
                  >
                    {op === 'add' ? <Plus className="size-4" aria-hidden /> : <Minus className="size-4" aria-hidden />}
                    {op === 'add' ? 'Add' : 'Subtract'}
                  </button>
                ))}
              </div>
            </div>
          )}
        </Field>

        <Field label="Reason" error={reasonError} hint="Required. Saved in the audit log with the change. Shift+Enter for a new line." errorReplacesHint>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={500}
              {...register('reason', { onChange: backToFirstStep })}
              onKeyDown={onReasonKey}
              placeholder="e.g. Goodwill credit for the delayed withdrawal of 12 May"
            />
          )}
        </Field>

        <div
          id={previewId}
          role="status"
          aria-label="Preview"
          className={cn(
            'flex items-center justify-between gap-4 rounded-lg px-4 py-3 text-sm ring-1 ring-inset',
            negative ? 'bg-rose-50 ring-rose-200' : 'bg-slate-50 ring-slate-200'
          )}
        >
          <span className="text-slate-500">Preview</span>
          {preview?.ok ? (
            <span className="flex items-center gap-2 font-medium text-slate-900 tabular-nums">
              <span>{label}</span>
              <span className="text-slate-600">{formatFieldValue(field, preview.value.before)}</span>
              <ArrowRight className="size-4 text-slate-400" aria-label="to" />
              <span className={negative ? 'text-rose-700' : 'text-emerald-700'}>{formatFieldValue(field, preview.value.after)}</span>
            </span>
          ) : (
            <span className="text-slate-500 tabular-nums">
              {label} {shownValue(field, current)}
            </span>
          )}
        </div>

        {confirmingNegative && negative && preview?.ok && (
          <div role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-300 ring-inset">
            <p className="flex items-start gap-2 font-medium">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
              This takes {label} below zero, to {formatFieldValue(field, preview.value.after)}.
            </p>
            <p className="mt-1 pl-6 text-amber-800">Only go ahead if the customer really owes this amount. The change is recorded in the audit log.</p>
            <div className="mt-3 flex justify-end gap-2 pl-6">
              <Button variant="secondary" size="sm" onClick={() => setConfirmingNegative(false)} disabled={adjust.isPending}>
                Go back
              </Button>
              <Button ref={confirmRef} variant="danger" size="sm" busy={adjust.isPending} onClick={() => send(true)}>
                Yes, go below zero
              </Button>
            </div>
          </div>
        )}

        <div className="flex items-center justify-end gap-3 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={close} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={adjust.isPending && !confirmingNegative} disabled={confirmingNegative}>
            Apply
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
