import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ViewScreen } from '@shared/contract';
import { Button } from '../../components/ui/Button';
import { useColumnLayouts } from '../../lib/column-layouts';
import { useSaveView } from './api';
import { viewSearchOf } from './screens';
import { ViewNameDialog } from './ViewNameDialog';

/**
 * "Save view": names the list's current filters and order (the address's, without a record opened
 * by id) and its columns as they are now; the view then shows under its screen in the sidebar with its count.
 */
export function SaveViewButton({ screen, what }: { screen: ViewScreen; what: string }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const save = useSaveView();
  const search = viewSearchOf(params);
  const columns = useColumnLayouts().data?.[screen] ?? {};
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Bookmark aria-hidden />
        Save view
      </Button>
      {open && (
        <ViewNameDialog
          title="Save this view"
          description={`The ${what} with their filters, order and columns as they are now. It shows under its screen in the sidebar, with how many records it holds.`}
          initialName=""
          confirmLabel="Save view"
          busy={save.isPending}
          onClose={() => setOpen(false)}
          onSubmit={(name) => save.mutate({ screen, name, search, columns }, { onSuccess: () => setOpen(false) })}
        />
      )}
    </>
  );
}
