import { Bookmark } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ViewScreen } from '../../../../shared/contract';
import { Button } from '../../components/ui/Button';
import { useSaveView } from './api';
import { viewSearchOf } from './screens';
import { ViewNameDialog } from './ViewNameDialog';

/**
 * "Save view": names the list's current filters and order (the address's, without a record opened
 * by id); the view then shows under its screen in the sidebar with its count.
 */
export function SaveViewButton({ screen, what }: { screen: ViewScreen; what: string }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const save = useSaveView();
  const search = viewSearchOf(params);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Bookmark aria-hidden />
        Save view
      </Button>
      {open && (
        <ViewNameDialog
          title="Save this view"
          description={`The ${what} with their filters and order as they are now. It shows under its screen in the sidebar, with how many records it holds.`}
          initialName=""
          confirmLabel="Save view"
          busy={save.isPending}
          onClose={() => setOpen(false)}
          onSubmit={(name) => save.mutate({ screen, name, search }, { onSuccess: () => setOpen(false) })}
        />
      )}
    </>
  );
}
