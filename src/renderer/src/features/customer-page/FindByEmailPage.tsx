import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { useCustomerByEmail } from './api/customer-page';
import { paths, customerPagePath } from '../../lib/paths';

/**
 * /users/by-email?email=...: lists that know a customer only by e-mail link here. The customer
 * with exactly that e-mail (any case) opens in place of this page, so Back skips it.
 */
export function FindByEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const found = useCustomerByEmail(email);
  const navigate = useNavigate();
  const id = found.data;

  useEffect(() => {
    if (id) navigate(customerPagePath(id), { replace: true });
  }, [id, navigate]);

  const back = (
    <Link to={paths.users} className="text-sm font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
      Back to Manage Users
    </Link>
  );

  if (!email || found.data === null) {
    return (
      <Card>
        <EmptyState
          icon={SearchX}
          title={email ? `No customer has the e-mail ${email}.` : 'No e-mail address was given.'}
          description={email ? 'They may have been deleted, or changed their e-mail address.' : undefined}
          action={back}
        />
      </Card>
    );
  }
  if (found.isError) {
    return <QueryErrorState card query={found} title={`Couldn't look up ${email}`} />;
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner /> Finding the customer with the e-mail {email}…
    </p>
  );
}
