import { Send } from 'lucide-react';
import { FILL_IN_ALL_FIELDS } from '../../../../shared/domain/emails';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { Label } from '../../components/ui/Label';
import { PageHeader } from '../../components/ui/PageHeader';
import { cn } from '../../lib/cn';
import { useSendMail } from './api/send-mail';
import { MailPreview } from './components/MailPreview';
import { RecipientPicker, type Recipient } from './components/RecipientPicker';


interface Draft {
  recipient: Recipient | null;
  subject: string;
  companyName: string;
  html: string;
}

const emptyDraft: Draft = { recipient: null, subject: '', companyName: '', html: '' };

function missingFields(draft: Draft): string[] {
  const missing: string[] = [];
  if (!draft.recipient) missing.push('Recipient');
  if (!draft.subject.trim()) missing.push('Subject');
  if (!draft.companyName.trim()) missing.push('Company name');
  if (!draft.html.trim()) missing.push('HTML body');
  return missing;
}

export function SendMailPage() {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  /** The fields the "Error" dialog names; null while it is closed. */
  const [missing, setMissing] = useState<string[] | null>(null);
  /** After a refused send, empty fields stay outlined until filled. */
  const [attempted, setAttempted] = useState(false);
  // A new picker after sending: its search text starts empty too.
  const [formKey, setFormKey] = useState(0);
  const send = useSendMail();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const gaps = missingFields(draft);
    if (gaps.length > 0 || !draft.recipient) {
      setAttempted(true);
      setMissing(gaps);
      return;
    }
    send.mutate(
      {
        to: draft.recipient.email,
        toName: draft.recipient.fullname,
        subject: draft.subject.trim(),
        companyName: draft.companyName.trim(),
        html: draft.html
      },
      {
        onSuccess: () => {
          setAttempted(false);
          setDraft(emptyDraft);
          setFormKey((k) => k + 1);
        }
      }
    );
  };

  const gaps = attempted ? missingFields(draft) : [];
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
            <div className="space-y-1.5">
              <Label htmlFor="mail-recipient">Recipient</Label>
              <RecipientPicker
                id="mail-recipient"
                value={draft.recipient}
                onChange={(recipient) => set('recipient', recipient)}
                invalid={flagged('Recipient')}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="mail-subject">Subject</Label>
              <Input
                id="mail-subject"
                value={draft.subject}
                onChange={(event) => set('subject', event.target.value)}
                readOnly={send.isPending}
                aria-invalid={flagged('Subject') || undefined}
                maxLength={300}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="mail-company">Company name</Label>
              <Input
                id="mail-company"
                value={draft.companyName}
                onChange={(event) => set('companyName', event.target.value)}
                readOnly={send.isPending}
                aria-invalid={flagged('Company name') || undefined}
                maxLength={200}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="mail-html">HTML body</Label>
              <textarea
                id="mail-html"
                value={draft.html}
                onChange={(event) => set('html', event.target.value)}
                readOnly={send.isPending}
                aria-invalid={flagged('HTML body') || undefined}
                aria-describedby="mail-html-hint"
                rows={11}
                spellCheck={false}
                placeholder="<p>Dear customer,</p>"
                className={cn(
                  'block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-[13px]/5 text-slate-900 shadow-xs',
                  'placeholder:text-slate-400 focus:border-indigo-500 focus:ring-3 focus:ring-indigo-500/15 focus:outline-none',
                  'aria-invalid:border-rose-400'
                )}
              />
              <p id="mail-html-hint" className="text-xs text-slate-500">
                Sent as written. The preview shows it the way a mail client would.
              </p>
            </div>
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
