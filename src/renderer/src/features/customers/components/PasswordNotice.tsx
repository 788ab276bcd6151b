import { ShieldAlert } from 'lucide-react';
import { Notice } from '../../../components/ui/Notice';
import { formatCount } from '../../../lib/format';
import { usePasswordNotice } from '../api/customers';

/** No Password column (docs/product-rules.md §6.1, §14); where documents still hold one, the administrator is told how many. */
export function PasswordNotice() {
  const count = usePasswordNotice().data?.withPasswordField ?? 0;
  if (count <= 0) return null;
  const records = count === 1 ? '1 customer record stores' : `${formatCount(count)} customer records store`;
  return (
    <Notice tone="info" icon={ShieldAlert}>
      <p className="font-medium">
        Security: {records} a plain-text <code className="font-mono text-[13px]">password</code> field.
      </p>
      <p className="mt-0.5 text-indigo-800">
        Ledgerdesk never shows these passwords. Sign-in belongs to Firebase Authentication; the platform should remove the field from its customer documents.
      </p>
    </Notice>
  );
}
