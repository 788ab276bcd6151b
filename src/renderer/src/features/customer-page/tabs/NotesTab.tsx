import { StickyNote } from 'lucide-react';
import { useId, useState } from 'react';
import type { Note, CustomerProfile } from '@shared/contract';
import { NOTE_MAX } from '@shared/domain/notes';
import { column } from '../../../components/data-table/column';
import { dateColumn, textColumn } from '../../../components/data-table/common-columns';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { PagedTable } from '../../../components/data-table/PagedTable';
import { RefreshButton } from '../../../components/RefreshButton';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { useColumnLayout } from '../../../lib/column-layouts';
import { formatCount } from '../../../lib/format';
import { useAddNote, useCustomerNotes } from '../../../modules/customers/notes';
import { firstName } from '../tabs';
import { Textarea } from '../../../components/ui/Input';
import { useMay } from '../../../lib/role';

const noteColumns = [
  dateColumn<Note>('at', 'When', (note) => note.at),
  textColumn<Note>('adminEmail', 'By', (note) => note.adminEmail, 'w-36'),
  column<Note>('text', 'Note', (note) => <p className="max-w-2xl text-sm whitespace-pre-line text-slate-800">{note.text}</p>, {
    skeleton: 'w-72',
    required: true
  })
];

/** What an administrator learned about the customer: written once, never edited or deleted (docs/product-rules.md §6.6). */
function AddNote({ profile }: { profile: CustomerProfile }) {
  const add = useAddNote(profile.id);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const length = text.trim().length;
  const problem = length === 0 ? 'Write the note first.' : length > NOTE_MAX ? `Keep it to ${formatCount(NOTE_MAX)} characters.` : null;
  const save = () => {
    setTried(true);
    if (problem || add.isPending) return;
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setTried(false);
      }
    });
  };
  return (
    <Card className="p-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        New note on {firstName(profile.fullname, profile.email)}
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={NOTE_MAX}
        value={text}
        disabled={add.isPending}
        aria-invalid={tried && problem !== null ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
        }}
        placeholder="What you learned: a call, a document, why a request looked odd…"
        resizable
        className="mt-1.5"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-hint`} className={tried && problem ? 'text-sm text-rose-700' : 'text-sm text-slate-500'}>
          {tried && problem
            ? problem
            : `Notes cannot be edited or deleted: to correct one, add another. ${formatCount(length)} / ${formatCount(NOTE_MAX)} characters.`}
        </p>
        <Button busy={add.isPending} onClick={save}>
          Add note
        </Button>
      </div>
    </Card>
  );
}

export function NotesTab({ profile }: { profile: CustomerProfile }) {
  const notes = useCustomerNotes(profile.id);
  const layout = useColumnLayout('customerNotes');
  const name = firstName(profile.fullname, profile.email);
  // Writing a note is customer care (support and up); every role reads them.
  const mayCare = useMay('care');
  return (
    <section aria-label="Notes" className="space-y-3">
      {mayCare && <AddNote profile={profile} />}
      <div className="flex justify-end gap-3">
        <ColumnsButton columns={noteColumns} layout={layout} what="notes" />
        <RefreshButton query={notes} />
      </div>
      <PagedTable
        query={notes}
        columns={noteColumns}
        caption={`Notes on ${name}, newest first`}
        noun={{ one: 'note', many: 'notes' }}
        sortField="time"
        empty={{
          icon: StickyNote,
          title: `No notes on ${name} yet.`,
          description: 'Notes show here newest first, and the latest beside every decision about them.'
        }}
        errorTitle="Couldn't load the notes"
        layout={layout}
      />
    </section>
  );
}
