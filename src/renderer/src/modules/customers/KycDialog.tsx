import { Check, FileWarning, RotateCcw, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { Kyc, CustomerRow } from '@shared/contract';
import { kycDocumentNames, kycDocuments, kycRejectionReasons, kycStatusLabels, type KycDecision, type KycDocument } from '@shared/domain/users';
import { checkReason, type ReasonDraft } from '../status/decision';
import { ReasonField } from '../status/ReasonField';
import { LatestNote } from './notes';
import { StatusBadge } from '../status/StatusBadge';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Fact } from '../../components/ui/Fact';
import { Dialog } from '../../components/ui/Dialog';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatCalendarDate } from '../../lib/format';
import { useDecideKyc, useKyc, type KycDecisionRequest } from './customer-actions';
import { ImageViewer } from './ImageViewer';
import { KycThumbnail, type KycImageRef } from './KycImage';
import { Textarea } from '../../components/ui/Input';
import { Checkbox } from '../../components/ui/Choice';
import { useMay } from '../../lib/role';

const NA = 'N/A';

/** KYC dates are calendar dates (a birthday, an expiry): N/A when missing. */
export const formatKycDate = (value: string | null): string => formatCalendarDate(value, NA);

const isPast = (value: string | null) => {
  const time = value ? new Date(value).getTime() : Number.NaN;
  return Number.isFinite(time) && time < Date.now();
};

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Fact
      label={label}
      className={wide ? 'sm:col-span-2' : undefined}
      labelClassName="text-xs font-medium tracking-wide text-slate-500 uppercase"
      valueClassName="mt-1 text-sm text-slate-900"
    >
      {children}
    </Fact>
  );
}

const text = (value: string | null) => (value ? value : <span className="text-slate-500">{NA}</span>);

/** The submission's images, each opening full size; a missing one shows its placeholder. */
export function KycDocuments({ kyc, onOpen }: { kyc: Kyc; onOpen: (image: { label: string; src: string }) => void }) {
  const images: KycImageRef[] = [
    { label: 'ID front', src: kyc.idFrontURL },
    { label: 'ID back', src: kyc.idBackURL },
    { label: 'Selfie', src: kyc.selfieURL }
  ];
  return (
    <section aria-label="Documents">
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Documents</h3>
      <div className="mt-2 grid grid-cols-3 gap-4">
        {images.map((image) => (
          <KycThumbnail key={`${image.label}:${image.src ?? ''}`} image={image} onOpen={() => image.src && onOpen({ label: image.label, src: image.src })} />
        ))}
      </div>
    </section>
  );
}

export function KycDetails({ kyc }: { kyc: Kyc }) {
  const expired = isPast(kyc.expiryDate);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-3">
      <Field label="Full name">{text(kyc.fullName)}</Field>
      <Field label="Date of birth">
        <span className={kyc.dob ? 'tabular-nums' : 'text-slate-500'}>{formatKycDate(kyc.dob)}</span>
      </Field>
      <Field label="Status">{kyc.status ? <StatusBadge status={kyc.status} /> : <span className="text-slate-500">{NA}</span>}</Field>
      <Field label="ID type">{text(kyc.idType)}</Field>
      <Field label="ID number">{kyc.idNumber ? <span className="font-mono text-[13px]">{kyc.idNumber}</span> : text(null)}</Field>
      <Field label="Expiry date">
        <span className="inline-flex items-center gap-2">
          <span className={kyc.expiryDate ? 'tabular-nums' : 'text-slate-500'}>{formatKycDate(kyc.expiryDate)}</span>
          {expired && <Badge tone="danger">Expired</Badge>}
        </span>
      </Field>
      <Field label="Country">{text(kyc.country)}</Field>
      <Field label="Address" wide>
        {text(kyc.address)}
      </Field>
    </dl>
  );
}

function KycSkeleton() {
  return (
    <div aria-hidden className="space-y-5">
      <div className="grid grid-cols-3 gap-x-6 gap-y-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-4 w-28" />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-3 gap-4">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    </div>
  );
}

/** The decision being prepared: rejecting (a reason the customer reads) or asking for documents again. */
type Asking = 'rejected' | 'resubmissionRequested' | null;

const decisionButtons: Array<{ status: KycDecision; label: string; variant: 'primary' | 'danger' | 'secondary'; icon: typeof Check }> = [
  { status: 'pending', label: 'Back to pending', variant: 'secondary', icon: RotateCcw },
  { status: 'resubmissionRequested', label: 'Request resubmission', variant: 'secondary', icon: FileWarning },
  { status: 'rejected', label: 'Reject', variant: 'danger', icon: X },
  { status: 'approved', label: 'Approve', variant: 'primary', icon: Check }
];

/** Rejecting: a common reason or free text, which the customer's e-mail gives. */
function RejectForm({ busy, onSend, onBack }: { busy: boolean; onSend: (reason: string) => void; onBack: () => void }) {
  const rule = { kind: 'required', choices: kycRejectionReasons } as const;
  const [draft, setDraft] = useState<ReasonDraft>({ choice: '', text: '' });
  const [tried, setTried] = useState(false);
  const checked = checkReason(rule, draft);
  return (
    <section aria-label="Reject KYC" className="space-y-3 rounded-lg bg-rose-50/50 p-4 ring-1 ring-rose-200 ring-inset">
      <p className="text-sm text-slate-700">The customer is e-mailed this reason and can submit their documents again.</p>
      <ReasonField rule={rule} draft={draft} onChange={setDraft} problem={tried && !checked.ok ? checked.problem : null} disabled={busy} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button
          variant="danger"
          busy={busy}
          onClick={() => {
            setTried(true);
            if (checked.ok && checked.reason) onSend(checked.reason);
          }}
        >
          Reject and e-mail the reason
        </Button>
      </div>
    </section>
  );
}

/** Asking again for named documents (and an optional note): the customer's e-mail lists them. */
function ResubmissionForm({ busy, onSend, onBack }: { busy: boolean; onSend: (documents: KycDocument[], note: string | null) => void; onBack: () => void }) {
  const [documents, setDocuments] = useState<KycDocument[]>([]);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const problem = documents.length === 0 ? 'Choose at least one document.' : null;
  return (
    <section aria-label="Request resubmission" className="space-y-3 rounded-lg bg-amber-50/50 p-4 ring-1 ring-amber-200 ring-inset">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Documents to send again</legend>
        <div className="mt-2 grid gap-1.5 sm:grid-cols-2">
          {kycDocumentNames.map((name) => (
            <label key={name} className="flex items-start gap-2 text-sm text-slate-700">
              <Checkbox
                className="mt-0.5"
                checked={documents.includes(name)}
                disabled={busy}
                onChange={(event) => setDocuments((now) => (event.target.checked ? [...now, name] : now.filter((d) => d !== name)))}
              />
              {kycDocuments[name]}
            </label>
          ))}
        </div>
        {tried && problem && <p className="mt-1.5 text-sm text-rose-700">{problem}</p>}
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
          Note to the customer (optional)
        </label>
        <Textarea id={`${id}-note`} rows={2} maxLength={500} value={note} disabled={busy} onChange={(event) => setNote(event.target.value)} className="mt-1" />
      </div>
      <p className="text-sm text-slate-600">The customer is e-mailed the list; the KYC shows as resubmission requested until they send them.</p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button
          busy={busy}
          onClick={() => {
            setTried(true);
            if (!problem)
              onSend(
                kycDocumentNames.filter((d) => documents.includes(d)),
                note.trim() || null
              );
          }}
        >
          Request and e-mail the list
        </Button>
      </div>
    </section>
  );
}

/** The customer's identity documents, read fresh each time it opens, with the KYC decision. */
export function KycDialog({ user, onClose }: { user: CustomerRow; onClose: () => void }) {
  // Reading the documents is every role's; the decision is customer care (support and up).
  const mayCare = useMay('care');
  const kyc = useKyc(user.id);
  const decide = useDecideKyc(user.id);
  const [viewing, setViewing] = useState<(KycImageRef & { src: string }) | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const data = kyc.data;
  const owner = data?.fullName || user.fullname || user.email || 'Customer';
  const send = (decision: KycDecisionRequest) => decide.mutate(decision, { onSuccess: () => setAsking(null) });

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={`KYC · ${user.fullname || user.email || 'Customer'}`}
        description={user.email ?? undefined}
        className="max-h-[calc(100vh-2rem)] max-w-3xl! overflow-y-auto"
      >
        <div className="mt-5" aria-busy={kyc.isPending || undefined}>
          {kyc.isError && !data ? (
            <QueryErrorState query={kyc} className="py-8" title="Couldn't load the KYC documents" />
          ) : !data ? (
            <KycSkeleton />
          ) : (
            <div className="space-y-6">
              <KycDetails kyc={data} />
              <KycDocuments kyc={data} onOpen={setViewing} />
              <LatestNote userId={user.id} />
              {!mayCare ? null : asking === 'rejected' ? (
                <RejectForm busy={decide.isPending} onBack={() => setAsking(null)} onSend={(reason) => send({ status: 'rejected', reason })} />
              ) : asking === 'resubmissionRequested' ? (
                <ResubmissionForm
                  busy={decide.isPending}
                  onBack={() => setAsking(null)}
                  onSend={(documents, note) => send({ status: 'resubmissionRequested', documents, reason: note })}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5">
                  <p className="max-w-56 text-sm text-slate-500">Every decision is audited; approving, rejecting and asking again e-mail the customer.</p>
                  <div className="flex flex-wrap justify-end gap-2">
                    {decisionButtons
                      .filter((d) => d.status !== 'pending' || (data.status !== 'pending' && data.status !== null))
                      .map(({ status, label, variant, icon: Icon }) => {
                        const current = data.status === status && status !== 'resubmissionRequested';
                        const busy = decide.isPending && decide.variables?.status === status;
                        return (
                          <Button
                            key={status}
                            variant={variant}
                            disabled={current || decide.isPending}
                            busy={busy}
                            onClick={() => (status === 'rejected' || status === 'resubmissionRequested' ? setAsking(status) : send({ status }))}
                            title={current ? `This KYC is already ${kycStatusLabels[status].toLowerCase()}.` : undefined}
                          >
                            {!busy && <Icon aria-hidden />}
                            {label}
                          </Button>
                        );
                      })}
                  </div>
                </div>
              )}
            </div>
          )}
        </div>
      </Dialog>
      {viewing && <ImageViewer image={viewing} owner={owner} onClose={() => setViewing(null)} />}
    </>
  );
}
