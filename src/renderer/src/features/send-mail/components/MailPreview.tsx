import { Eye } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Card } from '../../../components/ui/Card';
import { recipientLabel, type Recipient } from './RecipientPicker';

/**
 * The preview document: its own CSP allows no scripts, no requests (images only as data: URIs)
 * and inline styles, and links cannot be followed. The iframe is also sandboxed with no
 * permissions, so the HTML runs nothing and loads nothing whatever it contains.
 */
export const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

export function previewDocument(html: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">` +
    '<style>body{margin:16px;font-family:system-ui,sans-serif;font-size:14px;color:#0f172a}a{pointer-events:none}</style>' +
    `</head><body>${html}</body></html>`
  );
}

interface MailPreviewProps {
  html: string;
  subject: string;
  companyName: string;
  recipient: Recipient | null;
}

function HeaderLine({ label, value, placeholder }: { label: string; value: string; placeholder: string }) {
  return (
    <div className="grid grid-cols-[4.5rem_1fr] gap-x-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className={value ? 'truncate text-slate-900' : 'text-slate-500 italic'}>{value || placeholder}</dd>
    </div>
  );
}

/** The e-mail as the customer will get it: envelope lines, then the HTML in a sandboxed frame. */
export function MailPreview({ html, subject, companyName, recipient }: MailPreviewProps) {
  // Typing stays smooth in a long body: the frame catches up when the page is idle.
  const deferredHtml = useDeferredValue(html);
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className="flex items-center gap-2 border-b border-slate-200 px-5 py-3">
        <Eye aria-hidden className="size-4 text-slate-400" />
        <h2 className="text-sm font-semibold text-slate-900">Preview</h2>
      </div>
      <dl className="space-y-1 border-b border-slate-200 bg-slate-50/60 px-5 py-3 text-sm">
        <HeaderLine label="From" value={companyName.trim()} placeholder="Company name" />
        <HeaderLine label="To" value={recipient ? `${recipientLabel(recipient)} <${recipient.email}>` : ''} placeholder="Pick a recipient" />
        <HeaderLine label="Subject" value={subject.trim()} placeholder="No subject yet" />
      </dl>
      {deferredHtml.trim() ? (
        <iframe title="E-mail preview" sandbox="" referrerPolicy="no-referrer" srcDoc={previewDocument(deferredHtml)} className="h-[25rem] w-full bg-white" />
      ) : (
        <div className="flex h-[25rem] items-center justify-center px-6 text-center text-sm text-slate-500">The HTML body appears here as you type.</div>
      )}
      <p className="border-t border-slate-200 px-5 py-2.5 text-xs text-slate-500">
        Scripts do not run and nothing is loaded from the internet in this preview, so remote images show as blanks here but not in the customer's mailbox.
      </p>
    </Card>
  );
}
