import { Ban, ListFilter, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { VerificationCounts } from '@shared/contract';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatCount } from '../../../lib/format';
import { ALL_CUSTOMERS, filterWords, isKycQueue, searchOf, type CustomersView } from '../filters';
import { paths } from '../../../lib/paths';

/** "Clear filters": the same order, every customer. */
function ClearFilters({ view, label = 'Clear filters' }: { view: CustomersView; label?: string }) {
  return (
    <Button asChild variant="secondary">
      <Link to={`${paths.users}${searchOf({ ...ALL_CUSTOMERS, order: view.order })}`}>{label}</Link>
    </Button>
  );
}

/** An empty list says which filter hid everything and offers to clear it. */
export function ViewEmptyState({ view }: { view: CustomersView }) {
  const words = filterWords(view);
  if (isKycQueue(view)) {
    return (
      <EmptyState
        icon={ListFilter}
        title="No KYC submissions are waiting for review"
        description="Every customer who sent KYC documents has a decision."
        action={<ClearFilters view={ALL_CUSTOMERS} label="Show all customers" />}
      />
    );
  }
  if (words.length === 0) {
    return <EmptyState icon={Users} title="No customers yet" description="Customers appear here when they sign up." />;
  }
  return (
    <EmptyState
      icon={ListFilter}
      title={`No customers are ${words.join(' and ')}`}
      description={`The filter${words.length > 1 ? 's' : ''} ${words.map((w) => `“${w}”`).join(' and ')} hide${words.length > 1 ? '' : 's'} every customer.`}
      action={<ClearFilters view={view} />}
    />
  );
}

/** A view Firestore cannot list (customers without KYC): why, how many there are, and the way back. */
export function UnlistableView({ view, reason, counts }: { view: CustomersView; reason: string; counts: VerificationCounts | undefined }) {
  return (
    <EmptyState
      icon={Ban}
      title="These customers cannot be listed"
      description={
        <>
          {reason}
          {view.kyc === 'none' && counts && ` ${formatCount(counts.kyc.none)} customers have no KYC.`}
        </>
      }
      action={<ClearFilters view={view} label="Clear the KYC filter" />}
    />
  );
}
