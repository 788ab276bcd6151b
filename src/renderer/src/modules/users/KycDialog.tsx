import { Check, RotateCcw, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Kyc, UserRow } from '../../../../shared/contract';
import type { KycDecision } from '../../../../shared/domain/users';
import { StatusBadge } from '../status/StatusBadge';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Fact } from '../../components/ui/Fact';
import { Dialog } from '../../components/ui/Dialog';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatCalendarDate } from '../../lib/format';
import { useDecideKyc, useKyc } from './user-actions';
import { ImageViewer } from './ImageViewer';
import { KycThumbnail, type KycImageRef } from './KycImage';

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

const decisions: Array<{ status: KycDecision; label: string; variant: 'primary' | 'danger' | 'secondary'; icon: typeof Check }> = [
  { status: 'pending', label: 'Back to pending', variant: 'secondary', icon: RotateCcw },
  { status: 'rejected', label: 'Reject', variant: 'danger', icon: X },
  { status: 'approved', label: 'Approve', variant: 'primary', icon: Check }
];

/** The customer's identity documents, read fresh each time it opens, with the KYC decision. */
export function KycDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const kyc = useKyc(user.id);
  const decide = useDecideKyc(user.id);
  const [viewing, setViewing] = useState<(KycImageRef & { src: string }) | null>(null);
  const data = kyc.data;
  const owner = data?.fullName || user.fullname || user.email || 'Customer';

  const images: KycImageRef[] = data
    ? [
        { label: 'ID front', src: data.idFrontURL },
        { label: 'ID back', src: data.idBackURL },
        { label: 'Selfie', src: data.selfieURL }
      ]
    : [];

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
              <section aria-label="Documents">
                <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Documents</h3>
                <div className="mt-2 grid grid-cols-3 gap-4">
                  {images.map((image) => (
                    <KycThumbnail
                      key={`${image.label}:${image.src ?? ''}`}
                      image={image}
                      onOpen={() => image.src && setViewing({ label: image.label, src: image.src })}
                    />
                  ))}
                </div>
              </section>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5">
                <p className="text-sm text-slate-500">Every decision is recorded in the audit log.</p>
                <div className="flex gap-2">
                  {decisions
                    .filter((d) => d.status !== 'pending' || (data.status !== 'pending' && data.status !== null))
                    .map(({ status, label, variant, icon: Icon }) => {
                      const current = data.status === status;
                      return (
                        <Button
                          key={status}
                          variant={variant}
                          disabled={current || decide.isPending}
                          busy={decide.isPending && decide.variables === status}
                          onClick={() => decide.mutate(status)}
                          title={current ? `This KYC is already ${status}.` : undefined}
                        >
                          {!(decide.isPending && decide.variables === status) && <Icon aria-hidden />}
                          {label}
                        </Button>
                      );
                    })}
                </div>
              </div>
            </div>
          )}
        </div>
      </Dialog>
      {viewing && <ImageViewer image={viewing} owner={owner} onClose={() => setViewing(null)} />}
    </>
  );
}
