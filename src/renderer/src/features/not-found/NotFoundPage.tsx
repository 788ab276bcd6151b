import { Compass } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { DeadEndPage } from '../../components/DeadEndPage';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <DeadEndPage
      title="Page not found"
      icon={Compass}
      heading="There is no screen at this address"
      description={
        <>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{pathname}</code> does not exist in Ledgerdesk.
        </>
      }
    />
  );
}
