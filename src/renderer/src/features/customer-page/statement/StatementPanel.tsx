import { FileText, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CustomerProfile } from '@shared/contract';
import { statementColumns, statementLines } from '@shared/export/statement';
import type { Statement } from '@shared/schemas/journal';
import { ExportCsvButton } from '../../../components/export/ExportCsvButton';
import { QueryErrorState } from '../../../components/QueryErrorState';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Skeleton } from '../../../components/ui/Skeleton';
import { api, call, errorMessage } from '../../../lib/api';
import { useAppInfo } from '../../../lib/app-info';
import { notify } from '../../../lib/notify';
import { useStatement } from '../api/journal';
import { periodInstants, type PeriodDays } from './period';
import { StatementDocument } from './StatementDocument';

const fileNameOf = (profile: Pick<CustomerProfile, 'id' | 'fullname'>, days: PeriodDays, extension: 'csv' | 'pdf') =>
  `statement-${(profile.fullname || profile.id).replace(/\s+/g, '-')}-${days.from}-to-${days.to}.${extension}`;

/**
 * Export PDF: the desktop app prints the page to a file (files.savePdf, Electron's printToPDF); in
 * browser mode the browser's own print, where "Save as PDF" is a destination. Either way the print
 * stylesheet leaves only the statement on the page.
 */
function useExportPdf(suggestedName: string) {
  const transport = useAppInfo()?.transport;
  const [saving, setSaving] = useState(false);
  const run = async () => {
    if (transport !== 'electron') {
      window.print();
      return;
    }
    setSaving(true);
    try {
      const saved = await call(() => api().files.savePdf({ suggestedName }));
      if (saved) notify.success(`Saved the statement to ${saved.path}.`);
    } catch (error) {
      notify.error('Could not save the PDF.', errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return { run, saving, label: transport === 'electron' ? 'Export PDF' : 'Print / PDF' };
}

function StatementActions({ statement, days, profile, onClose }: { statement: Statement; days: PeriodDays; profile: CustomerProfile; onClose: () => void }) {
  const lines = useMemo(() => statementLines(statement), [statement]);
  // The statement is in hand: the export writes it as one page.
  const fetchPage = useCallback(async () => ({ rows: lines, nextCursor: null, total: lines.length, unlisted: null }), [lines]);
  const pdf = useExportPdf(fileNameOf(profile, days, 'pdf'));
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <ExportCsvButton fetchPage={fetchPage} columns={statementColumns} fileBaseName="statement" fileName={() => fileNameOf(profile, days, 'csv')} />
      <Button variant="secondary" busy={pdf.saving} onClick={() => void pdf.run()}>
        {!pdf.saving && <FileText aria-hidden />}
        {pdf.label}
      </Button>
      <Button variant="ghost" onClick={onClose}>
        <X aria-hidden />
        Close statement
      </Button>
    </div>
  );
}

/** The statement of a chosen period, with its exports; a copy of it alone is what prints. */
export function StatementPanel({ profile, days, onClose }: { profile: CustomerProfile; days: PeriodDays; onClose: () => void }) {
  const [period] = useState(() => periodInstants(days));
  const statement = useStatement(profile.id, period);
  if (statement.isError) {
    return (
      <Card className="space-y-2 p-4">
        <QueryErrorState query={statement} title="Couldn't make the statement" />
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            Close statement
          </Button>
        </div>
      </Card>
    );
  }
  if (!statement.data) {
    return (
      <Card className="space-y-3 p-4" aria-busy="true">
        <span className="sr-only">Making the statement…</span>
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  return (
    <Card className="space-y-4 p-4">
      <StatementActions statement={statement.data} days={days} profile={profile} onClose={onClose} />
      <StatementDocument statement={statement.data} days={days} profile={profile} />
      {createPortal(
        // Paper only: on screen the statement above is the one read (and by screen readers).
        <div data-print-alone aria-hidden className="hidden bg-white p-8 print:block">
          <StatementDocument statement={statement.data} days={days} profile={profile} />
        </div>,
        document.body
      )}
    </Card>
  );
}
