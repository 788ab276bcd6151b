import { Send } from 'lucide-react';
import { FILL_IN_ALL_FIELDS } from '@shared/domain/emails';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { sendMailInputSchema } from '@shared/schemas/settings';
import { Field } from '../../components/form/Field';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DraftRestoredNote } from '../../components/DraftRestoredNote';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { PageHeader } from '../../components/ui/PageHeader';
import { useAppInfo } from '../../lib/app-info';
import { cn } from '../../lib/cn';
import { notify } from '../../lib/notify';
import { zodMessages } from '../../lib/zod-messages';
import { useSendMail } from './api/send-mail';
import { MailPreview } from './components/MailPreview';
import { RecipientPicker, type Recipient } from './components/RecipientPicker';
import { useChosenRecipient } from './use-chosen-recipient';
import { emptyDraft, useMailDraft, type Draft } from './use-mail-draft';

/** Each field's name in the "Error" dialog, in the form's order. */
const fieldNames: Record<keyof Draft, string> = { recipient: 'Recipient', subject: 'Subject', companyName: 'Company name', html: 'HTML body' };

/** The one-line fields, as the contract bounds them. */
const lineFields = [
  { name: 'subject', id: 'mail-subject', maxLength: 300 },
  { name: 'companyName', id: 'mail-company', maxLength: 200 }
] as const;

/**
 * Every field is needed (an empty one is named in the dialog); the draft then becomes the
 * contract's mail.send input, without the operationId the call adds.
 */
const mailInputSchema = sendMailInputSchema.omit({ operationId: true });

const mailSchema = z
  .object({ recipient: z.custom<Recipient>().nullable(), subject: z.string(), companyName: z.string(), html: z.string() })
  .superRefine((draft, ctx) => {
    const filled = { recipient: draft.recipient !== null, subject: !!draft.subject.trim(), companyName: !!draft.companyName.trim(), html: !!draft.html.trim() };
    for (const field of Object.keys(fieldNames) as (keyof Draft)[]) {
      if (!filled[field]) ctx.addIssue({ code: 'custom', path: [field], message: FILL_IN_ALL_FIELDS });
    }
  })
  .transform((draft): z.input<typeof mailInputSchema> => ({
    to: draft.recipient?.email ?? '',
    toName: draft.recipient?.fullname ?? null,
    subject: draft.subject.trim(),
    companyName: draft.companyName.trim(),
    html: draft.html
  }))
  .pipe(mailInputSchema);

const resolver = zodResolver(mailSchema);

const missingFields = (errors: Record<string, unknown>) => (Object.keys(fieldNames) as (keyof Draft)[]).filter((f) => f in errors).map((f) => fieldNames[f]);

export function SendMailPage() {
  const { register, handleSubmit, watch, setValue, getValues, reset, formState } = useForm<Draft, unknown, z.output<typeof mailSchema>>({
    defaultValues: emptyDraft,
    resolver,
    // The "Error" dialog takes the focus; the fields keep their outline.
    shouldFocusError: false
  });
  /** The fields the "Error" dialog names; null while it is closed. */
  const [missing, setMissing] = useState<string[] | null>(null);
  // A new picker after sending: its search text starts empty too.
  const [formKey, setFormKey] = useState(0);
  const send = useSendMail();
  const draft = watch();
  // The company name starts as the configured platform's, once Ledgerdesk knows it, and after each send.
  const platformName = useAppInfo()?.platformName ?? '';
  const prefilled = useRef(false);
  useEffect(() => {
    if (!platformName || prefilled.current) return;
    prefilled.current = true;
    if (!getValues('companyName')) setValue('companyName', platformName);
  }, [platformName, getValues, setValue]);
  useChosenRecipient((recipient) => setValue('recipient', recipient));
  const startOver = () => {
    reset({ ...emptyDraft, companyName: platformName });
    setFormKey((k) => k + 1);
  };
  const kept = useMailDraft({ watch, getValues, reset }, platformName);

  const onInvalid = (errors: FieldErrors<Draft>) => {
    const gaps = missingFields(errors);
    if (gaps.length > 0) setMissing(gaps);
    // Nothing is empty, but the contract refuses a value (an HTML body over its size): said as a refused send is.
    else notify.error('Failed to send email.', Object.values(zodMessages(mailSchema, draft))[0]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    void handleSubmit(
      (mail) =>
        send.mutate(mail, {
          onSuccess: () => {
            startOver();
            kept.forget();
          }
        }),
      onInvalid
    )(event);
  };

  /** After a refused send, empty fields stay outlined until filled. */
  const attempted = formState.isSubmitted && !formState.isSubmitSuccessful;
  const gaps = attempted ? missingFields(zodMessages(mailSchema, draft)) : [];
  const flagged = (field: string) => gaps.includes(field);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Send Email to User"
        description="Write an HTML e-mail under your company name to one customer, and check the preview before sending."
      />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <form key={formKey} onSubmit={onSubmit} noValidate aria-label="E-mail">
          <Card className="space-y-5 p-5">
            {kept.restored && (
              <DraftRestoredNote
                onDiscard={() => {
                  startOver();
                  kept.forget();
                }}
              />
            )}
            <Field id="mail-recipient" label="Recipient">
              {(control) => (
                <RecipientPicker
                  id={control.id}
                  value={draft.recipient}
                  onChange={(recipient) => setValue('recipient', recipient)}
                  invalid={flagged('Recipient')}
                />
              )}
            </Field>
            {lineFields.map(({ name, id, maxLength }) => (
              <Field key={name} id={id} label={fieldNames[name]}>
                {(control) => (
                  <Input
                    {...control}
                    {...register(name)}
                    readOnly={send.isPending}
                    aria-invalid={flagged(fieldNames[name]) || undefined}
                    maxLength={maxLength}
                  />
                )}
              </Field>
            ))}
            <Field id="mail-html" label="HTML body" hint="Sent as written. The preview shows it the way a mail client would." size="xs">
              {(control) => (
                <textarea
                  {...control}
                  {...register('html')}
                  readOnly={send.isPending}
                  aria-invalid={flagged('HTML body') || undefined}
                  rows={11}
                  spellCheck={false}
                  placeholder="<p>Dear customer,</p>"
                  className={cn(
                    'block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-[13px]/5 text-slate-900 shadow-xs',
                    'placeholder:text-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/30 focus:outline-none',
                    'aria-invalid:border-rose-400'
                  )}
                />
              )}
            </Field>
            <div className="flex justify-end border-t border-slate-100 pt-5">
              <Button type="submit" busy={send.isPending}>
                {!send.isPending && <Send aria-hidden />}
                {send.isPending ? 'Sending…' : 'Send Email'}
              </Button>
            </div>
          </Card>
        </form>
        <div className="xl:sticky xl:top-6">
          <MailPreview html={draft.html} subject={draft.subject} companyName={draft.companyName} recipient={draft.recipient} />
        </div>
      </div>

      <Dialog
        open={missing !== null}
        onOpenChange={(open) => {
          if (!open) setMissing(null);
        }}
        title="Error"
        role="alertdialog"
        description={
          <>
            <p className="font-medium text-slate-900">{FILL_IN_ALL_FIELDS}</p>
            {missing && missing.length > 0 && <p>Missing: {missing.join(', ')}.</p>}
          </>
        }
        hideClose
      >
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setMissing(null)} autoFocus>
            OK
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
