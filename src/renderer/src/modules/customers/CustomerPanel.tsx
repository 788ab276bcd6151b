import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../components/ui/Dialog';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Spinner } from '../../components/ui/Spinner';
import { userPath } from './CustomerLink';
import { CustomerTotals } from './CustomerTotals';
import { useCustomerCard } from './customer-queries';
import { paths } from '../../lib/paths';

interface CustomerPanelProps {
  userId: string;
  /** What the row knows, shown until the customer record answers. */
  email: string;
  onClose: () => void;
}

/** The customer behind a row: name, e-mail and money totals, read fresh each time it opens. */
export function CustomerPanel({ userId, email, onClose }: CustomerPanelProps) {
  const card = useCustomerCard(userId);
  const data = card.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={data?.fullname || 'Customer'}
      description={
        <p className="flex items-center gap-2">
          {data?.email ?? email}
          {card.isFetching && data && <Spinner label="Refreshing" className="size-3.5" />}
        </p>
      }
      className="max-w-sm"
    >
      <div className="mt-5">
        {card.isError && !data ? (
          <QueryErrorState query={card} className="py-6" title="Couldn't load this customer" />
        ) : (
          <CustomerTotals card={data} refreshing={card.isFetching} />
        )}
      </div>
      <div className="mt-4 flex justify-end">
        <Link
          to={userPath(userId) ?? paths.users}
          onClick={onClose}
          className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          Open customer page
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </Dialog>
  );
}
