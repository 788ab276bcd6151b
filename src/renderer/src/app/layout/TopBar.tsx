import { PaletteButton } from '../../modules/palette/PaletteButton';
import { ChevronRight, Database } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/ui/Badge';
import { Tip } from '../../components/ui/Tip';
import { FindBox } from '../../features/find/components/FindBox';
import { useAppInfo } from '../../lib/app-info';
import { roleLabel, useRole } from '../../lib/role';
import { useSession } from '../../stores/session';
import { useRouteHandle } from '../route-handle';

function DemoPill() {
  return (
    <Tip side="bottom" className="text-xs" content="Seeded sample customers on local emulators. No real money moves.">
      <span tabIndex={0} className="rounded-full">
        <Badge tone="warning">
          <Database aria-hidden />
          Demo data
        </Badge>
      </span>
    </Tip>
  );
}

export function TopBar() {
  const handle = useRouteHandle();
  const email = useSession((s) => s.user?.email ?? '');
  const role = useRole();
  const info = useAppInfo();

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-6 border-b border-slate-200 bg-white/95 px-8 backdrop-blur">
      <p className="flex min-w-0 flex-1 items-center gap-1.5 text-sm">
        {handle?.parent && (
          <>
            <Link to={handle.parent.to} className="rounded text-slate-500 hover:text-slate-900">
              {handle.parent.title}
            </Link>
            <ChevronRight className="size-4 text-slate-300" aria-hidden />
          </>
        )}
        <span className="truncate font-medium text-slate-900">{handle?.title}</span>
      </p>

      <FindBox />

      <div className="flex flex-1 shrink-0 items-center justify-end gap-4">
        <PaletteButton />
        {info?.mode === 'demo' && <DemoPill />}
        <div className="flex items-center gap-2.5 border-l border-slate-200 pl-4">
          <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 uppercase">
            {email.charAt(0)}
          </span>
          <div className="leading-tight">
            <p className="text-sm font-medium text-slate-900">{email}</p>
            {/* The role says which controls the screens offer (docs/product-rules.md §15.3). */}
            <p className="text-xs text-slate-500">{role ? roleLabel(role) : 'Administrator'}</p>
          </div>
        </div>
      </div>
    </header>
  );
}
