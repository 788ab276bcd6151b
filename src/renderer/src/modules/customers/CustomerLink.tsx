import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { paths, customerPagePath } from '../../lib/paths';

/** The customer page of a record's customer: by id when the record names one, else by e-mail. */
export function userPath(userId?: string | null, email?: string | null): string | null {
  if (userId) return customerPagePath(userId);
  if (email) return `${paths.userByEmail}?${new URLSearchParams({ email }).toString()}`;
  return null;
}

interface CustomerLinkProps {
  userId?: string | null;
  email?: string | null;
  children: ReactNode;
  className?: string;
}

/** A customer's name or e-mail wherever it appears in a list, as a link to their page; plain text when nothing names them. */
export function CustomerLink({ userId, email, children, className }: CustomerLinkProps) {
  const to = userPath(userId, email);
  if (!to) return <span className={cn('text-slate-500', className)}>{children}</span>;
  return (
    <Link
      to={to}
      className={cn(
        'rounded font-medium text-slate-900 underline decoration-slate-300 underline-offset-4 hover:text-indigo-700 hover:decoration-indigo-400 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none',
        className
      )}
    >
      {children}
    </Link>
  );
}
