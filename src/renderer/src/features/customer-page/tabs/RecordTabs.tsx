import { Mail, ScrollText, UserPlus } from 'lucide-react';
import type { ColumnList, CustomerProfile } from '@shared/contract';
import { activityTable } from '../../../modules/audit/activity-columns';
import { mailTable } from '../../../modules/audit/mail-columns';
import { ColumnsButton } from '../../../components/data-table/ColumnsButton';
import { PagedTable, type PagedTableProps } from '../../../components/data-table/PagedTable';
import { RefreshButton } from '../../../components/RefreshButton';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useColumnLayout } from '../../../lib/column-layouts';
import { customersLoaded, SuspendedMarks } from '../../../modules/customers/suspended-marks';
import { useCustomerAudit, useCustomerMail, useCustomerReferrals } from '../api/customer-page';
import { firstName } from '../tabs';
import { customerReferralColumns } from './referral-columns';

/** The referrals, audit entries and e-mails of one customer: the main screens' tables, filtered to them. */

/** One tab: its Columns and Refresh buttons, then the customer's rows in the main screen's table, its columns kept apart from that screen's. */
function TabTable<T extends { id: string }>({ label, list, ...table }: PagedTableProps<T> & { label: string; list: ColumnList }) {
  const layout = useColumnLayout(list);
  return (
    <section aria-label={label} className="space-y-3">
      <div className="flex justify-end gap-3">
        <ColumnsButton columns={table.columns} layout={layout} what={table.noun.many} />
        <RefreshButton query={table.query} />
      </div>
      <PagedTable {...table} layout={layout} />
    </section>
  );
}

export function ReferralsTab({ profile }: { profile: CustomerProfile }) {
  const referrals = useCustomerReferrals(profile);
  const name = firstName(profile.fullname, profile.email);
  // The referred customers are known by the e-mail each referral stores.
  const clients = customersLoaded(referrals.data, (row) => [{ email: row.clientEmail }]);
  return (
    <SuspendedMarks customers={clients}>
      <TabTable
        label="Referrals"
        list="customerReferrals"
        query={referrals}
        columns={customerReferralColumns}
        caption={`Customers ${name} referred, newest first`}
        noun={{ one: 'referral', many: 'referrals' }}
        sortField="registration date"
        empty={{
          icon: UserPlus,
          title: `${name} has made no referrals yet.`,
          description: profile.referralCode ? `Customers who sign up with the code ${profile.referralCode} appear here.` : 'This customer has no referral code.'
        }}
        errorTitle="Couldn't load the referrals"
        loadMoreLabel="Load More Referrals"
      />
    </SuspendedMarks>
  );
}

export function AuditTab({ profile }: { profile: CustomerProfile }) {
  const audit = useCustomerAudit(profile.id);
  const name = firstName(profile.fullname, profile.email);
  return (
    <TabTable
      label="Audit"
      list="customerAudit"
      query={audit}
      {...activityTable}
      caption={`Audit entries about ${name}, newest first`}
      empty={{
        icon: ScrollText,
        title: `Nothing has been recorded about ${name} yet.`,
        description:
          'Changes an administrator makes to this customer or their records are listed here. Entries from before Ledgerdesk recorded the customer on each entry are only in the audit log.'
      }}
      errorTitle="Couldn't load the audit entries"
    />
  );
}

export function MailTab({ profile }: { profile: CustomerProfile }) {
  const mail = useCustomerMail(profile.email);
  const name = firstName(profile.fullname, profile.email);
  if (!profile.email) {
    return (
      <Card>
        <EmptyState icon={Mail} title={`${name} has no e-mail address.`} description="E-mails can only be sent to customers with an address." />
      </Card>
    );
  }
  return (
    <TabTable
      label="E-mails"
      list="customerMail"
      query={mail}
      {...mailTable}
      caption={`E-mails to ${name}, newest first`}
      empty={{
        icon: Mail,
        title: `No e-mail has been sent to ${name} yet.`,
        description: `E-mails to ${profile.email} are listed here, queued, sent or failed.`
      }}
      errorTitle="Couldn't load the e-mails"
    />
  );
}
