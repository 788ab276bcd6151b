import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../components/ui/Dialog';

interface SidebarDialogProps {
  /** The sidebar's look for its lower entries. */
  className: string;
  icon: LucideIcon;
  /** The entry's name, and the dialog's title. */
  label: string;
  /** Beside the label: what is in use now (the zone times are shown in). */
  current?: ReactNode;
  description: string;
  children: ReactNode;
}

/** A sidebar entry that opens a dialog of this computer's settings (Notifications, Time zone). */
export function SidebarDialog({ className, icon: Icon, label, current, description, children }: SidebarDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <Icon aria-hidden className="size-4 shrink-0 text-slate-400 group-hover:text-slate-200" />
        <span className="min-w-0 flex-1 truncate text-left">{label}</span>
        {current}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={label} description={description}>
        <div className="mt-4 space-y-4">{children}</div>
      </Dialog>
    </>
  );
}
