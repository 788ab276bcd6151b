import { CircleCheck, Download, FileCheck2, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { DigestRow, VerifyRecordsResult } from '@shared/contract';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { HeaderRow } from '../../components/ui/HeaderRow';
import { Input } from '../../components/ui/Input';
import { Label } from '../../components/ui/Label';
import { Notice } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { errorMessage } from '../../lib/api';
import { formatCount, formatDateTime, formatDay } from '../../lib/format';
import { customerPagePath, paths } from '../../lib/paths';
import { useDigestDownload, useDigests, useVerify, type VerifyRange } from './api/evidence';

/** Where a broken record can be looked at: a customer's journal or head opens their page, an audit entry the audit log. */
export function screenOf(path: string): string | null {
  const customer = /^(?:users\/([^/]+)\/journal\/[^/]+|journalHeads\/([^/]+))$/.exec(path);
  if (customer) return customerPagePath(decodeURIComponent(customer[1] ?? customer[2]!));
  if (path.startsWith('auditLog/') || path === 'auditChain/head') return paths.audit;
  return null;
}

const digestColumns = [
  'Day',
  'Heads read',
  { label: 'Customers', className: 'text-right' },
  { label: 'Audit entries', className: 'text-right' },
  'Signed by key',
  { label: 'File', hidden: true }
];

function DigestTable({ digests }: { digests: DigestRow[] }) {
  const download = useDigestDownload();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The latest signed daily digests, newest first</caption>
        <thead className="text-slate-500">
          <HeaderRow columns={digestColumns} cellClassName="py-2 font-medium not-last:pr-4" />
        </thead>
        <tbody className="divide-y divide-slate-100">
          {digests.map((digest) => (
            <tr key={digest.day}>
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {formatDay(digest.day)}
              </th>
              <td className="py-2 pr-4 text-slate-700">{formatDateTime(new Date(digest.takenAt).toISOString())}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatCount(digest.customers)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{formatCount(digest.auditSeq)}</td>
              <td className="py-2 pr-4 font-mono text-xs text-slate-700">{digest.signedBy}</td>
              <td className="py-2 text-right">
                <Button
                  size="sm"
                  variant="secondary"
                  busy={download.isPending && download.variables === digest.day}
                  onClick={() => download.mutate(digest.day)}
                  aria-label={`Download digest of ${formatDay(digest.day)}`}
                >
                  <Download aria-hidden />
                  Download digest
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {download.isError && (
        <Notice tone="error" className="mt-3">
          Couldn&apos;t download the digest of {download.variables}: {errorMessage(download.error)}
        </Notice>
      )}
    </div>
  );
}

function Result({ result, range }: { result: VerifyRecordsResult; range: VerifyRange }) {
  const over = range.from || range.to ? ` from ${range.from ? formatDay(range.from) : 'the first digest'} to ${range.to ? formatDay(range.to) : 'today'}` : '';
  if (result.broken.length === 0) {
    return (
      <Notice tone="info" icon={CircleCheck}>
        {formatCount(result.checked)} records checked{over}, nothing broken.
      </Notice>
    );
  }
  return (
    <div className="space-y-3">
      <Notice tone="error" icon={TriangleAlert}>
        {formatCount(result.checked)} records checked{over}: {formatCount(result.broken.length)} broken {result.broken.length === 1 ? 'link' : 'links'}. A
        record was changed, removed, inserted or reordered outside Ledgerdesk after it was written.
      </Notice>
      <ul aria-label="Broken links" className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {result.broken.map((link) => {
          const to = screenOf(link.path);
          return (
            <li key={`${link.path} ${link.reason}`} className="space-y-1 px-4 py-3 text-sm">
              <p className="font-mono text-xs">
                {to ? (
                  <Link to={to} className="text-indigo-700 underline hover:text-indigo-900">
                    {link.path}
                  </Link>
                ) : (
                  <span className="text-slate-900">{link.path}</span>
                )}
              </p>
              <p className="text-slate-700">{link.reason}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Evidence (docs/product-rules.md §16.4): the daily digests the platform signed, a check of the
 * chained records against their heads and the digests, and each day's digest file for an auditor to
 * keep outside Firebase, where nobody with console access can rewrite it.
 */
export function EvidencePage() {
  const digests = useDigests();
  const verify = useVerify();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [checked, setChecked] = useState<VerifyRange>({});
  const ids = { from: useId(), to: useId(), result: useId() };
  const backwards = from !== '' && to !== '' && from > to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    const range: VerifyRange = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    setChecked(range);
    verify.mutate(range);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Evidence"
        description="Every journal entry and audit entry is chained to the one before it, and each day the platform signs a digest of every chain's end. Verify that nothing was changed since, and keep each day's digest file where Firebase cannot reach it."
      />
      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Verify records</h2>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-4" aria-describedby={ids.result}>
          <div className="space-y-1">
            <Label htmlFor={ids.from}>From day</Label>
            <Input id={ids.from} type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="w-44" />
          </div>
          <div className="space-y-1">
            <Label htmlFor={ids.to}>To day</Label>
            <Input id={ids.to} type="date" value={to} onChange={(event) => setTo(event.target.value)} className="w-44" aria-invalid={backwards || undefined} />
          </div>
          <Button type="submit" busy={verify.isPending} disabled={backwards}>
            <ShieldCheck aria-hidden />
            Verify records
          </Button>
          <p className="basis-full text-sm text-slate-500">
            {backwards
              ? 'The range must start before it ends.'
              : 'Leave both days empty to check everything; a range checks its digests, the audit log since the digest before it, and the customers whose journal moved in it.'}
          </p>
        </form>
        <div id={ids.result} aria-live="polite">
          {verify.isPending ? (
            <p className="text-sm text-slate-600">Reading and checking the records…</p>
          ) : verify.isError ? (
            <Notice tone="error">Couldn&apos;t verify the records: {errorMessage(verify.error)}</Notice>
          ) : verify.data ? (
            <Result result={verify.data} range={checked} />
          ) : null}
        </div>
      </Card>
      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Daily digests</h2>
          {digests.data?.publicKey ? (
            <p className="mt-1 text-sm text-slate-500">
              The platform&apos;s published key: <span className="font-mono text-xs break-all text-slate-700">{digests.data.publicKey}</span>
            </p>
          ) : null}
        </div>
        {digests.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : digests.isError ? (
          <QueryErrorState query={digests} title="Couldn't load the digests" />
        ) : digests.data.digests.length === 0 ? (
          <EmptyState
            icon={FileCheck2}
            title="No digest yet"
            description="The platform signs one digest each day, once its digest function runs (docs/operations/records.md). Until then the chains can still be verified, against their heads."
          />
        ) : (
          <DigestTable digests={digests.data.digests} />
        )}
      </Card>
    </div>
  );
}
