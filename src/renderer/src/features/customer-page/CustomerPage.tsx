import { UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { CustomerProfile } from '@shared/contract';
import { USER_GONE_MESSAGE } from '@shared/domain/users';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { DeleteCustomerDialog } from '../../modules/customers/DeleteCustomerDialog';
import { KycDialog } from '../../modules/customers/KycDialog';
import { ManageDialog } from '../../modules/customers/ManageDialog';
import { isApiError } from '../../lib/api';
import { useCustomerAudit, useCustomerMail, useCustomerReferrals, useMoneyCount, useProfile } from './api/customer-page';
import { CustomerTabs, type TabCounts } from './components/CustomerTabs';
import { ProfileDetails } from './components/ProfileDetails';
import { FiguresCheck } from './components/FiguresCheck';
import { ProfileHeader, type ProfileAction } from './components/ProfileHeader';
import { MoneyTab } from './tabs/MoneyTab';
import { AuditTab, MailTab, ReferralsTab } from './tabs/RecordTabs';
import { NotesTab } from './tabs/NotesTab';
import { JournalTab } from './tabs/JournalTab';
import { useCustomerJournal } from './api/journal';
import { SuspendDialog } from '../../modules/customers/SuspendDialog';
import { useCustomerNotes } from '../../modules/customers/notes';
import { SuspensionNotice } from './components/SuspensionNotice';
import { tabOf, type CustomerTab } from './tabs';
import { paths } from '../../lib/paths';

/** The window title names the customer; set after the layout's own title ("Customer"), which runs after this page's effects. */
function useCustomerTitle(name: string | null | undefined) {
  useEffect(() => {
    if (!name) return;
    const timer = setTimeout(() => (document.title = `${name} · Ledgerdesk`));
    return () => clearTimeout(timer);
  }, [name]);
}

export function CustomerGone() {
  return (
    <Card>
      <EmptyState
        icon={UserX}
        title={USER_GONE_MESSAGE}
        description="They may have been deleted by another administrator."
        action={
          <Link to={paths.users} className="text-sm font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
            Back to Manage Users
          </Link>
        }
      />
    </Card>
  );
}

/** The header, the figures and the tabs, as bars, while the user is read. */
const profileBars = ['h-8 w-64', 'h-4 w-80', 'h-36 w-full rounded-xl', 'h-10 w-full'];

function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-4">
      <span className="sr-only">Loading the customer…</span>
      {profileBars.map((bar) => (
        <Skeleton key={bar} className={bar} />
      ))}
    </div>
  );
}

/** Each tab's count: money lists by aggregation, the others from their first page (which the tab shows anyway). */
function useTabCounts(profile: CustomerProfile, tab: CustomerTab): TabCounts {
  const deposits = useMoneyCount('deposits', profile);
  const withdrawals = useMoneyCount('withdrawals', profile);
  const investments = useMoneyCount('investments', profile);
  const compound = useMoneyCount('compoundInvestments', profile);
  const referrals = useCustomerReferrals(profile);
  const audit = useCustomerAudit(profile.id);
  const mail = useCustomerMail(profile.email);
  const notes = useCustomerNotes(profile.id);
  // Read when its tab opens, not with the page: the page's first screen reads what it always did.
  const journal = useCustomerJournal(profile.id, false, tab === 'journal');
  const counted = (query: { data?: number; isError: boolean }) => (query.isError ? null : query.data);
  const firstTotal = (query: { data?: { pages: { total: number | null }[] }; isError: boolean }) =>
    query.isError ? null : query.data ? (query.data.pages[0]?.total ?? null) : undefined;
  return {
    deposits: counted(deposits),
    withdrawals: counted(withdrawals),
    investments: counted(investments),
    compound: profile.email ? counted(compound) : 0,
    referrals: firstTotal(referrals),
    audit: firstTotal(audit),
    emails: profile.email ? firstTotal(mail) : 0,
    notes: firstTotal(notes),
    journal: journal.data ? firstTotal(journal) : null
  };
}

function TabBody({ tab, profile }: { tab: CustomerTab; profile: CustomerProfile }) {
  switch (tab) {
    case 'deposits':
      return <MoneyTab key="deposits" list="deposits" profile={profile} />;
    case 'withdrawals':
      return <MoneyTab key="withdrawals" list="withdrawals" profile={profile} />;
    case 'investments':
      return <MoneyTab key="investments" list="investments" profile={profile} />;
    case 'compound':
      return <MoneyTab key="compound" list="compoundInvestments" profile={profile} />;
    case 'referrals':
      return <ReferralsTab profile={profile} />;
    case 'audit':
      return <AuditTab profile={profile} />;
    case 'emails':
      return <MailTab profile={profile} />;
    case 'notes':
      return <NotesTab profile={profile} />;
    case 'journal':
      return <JournalTab profile={profile} />;
  }
}

function Profile({ profile }: { profile: CustomerProfile }) {
  const [params] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const counts = useTabCounts(profile, tab);
  const [dialog, setDialog] = useState<ProfileAction | null>(null);
  const navigate = useNavigate();
  const close = () => setDialog(null);
  return (
    <div className="space-y-6">
      <ProfileHeader profile={profile} onAction={setDialog} />
      {profile.suspension && <SuspensionNotice suspension={profile.suspension} />}
      <ProfileDetails profile={profile} />
      <FiguresCheck userId={profile.id} />
      <div className="space-y-4">
        <CustomerTabs active={tab} counts={counts} />
        <TabBody tab={tab} profile={profile} />
      </div>
      {dialog === 'manage' && <ManageDialog user={profile} onClose={close} />}
      {dialog === 'kyc' && <KycDialog user={profile} onClose={close} />}
      {dialog === 'suspend' && <SuspendDialog user={profile} onClose={close} />}
      {dialog === 'delete' && <DeleteCustomerDialog user={profile} onClose={close} onDeleted={() => navigate(paths.users, { replace: true })} />}
    </div>
  );
}

/** /users/:id: who the customer is, what can be done to them, and every record about them. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  useCustomerTitle(profile.data ? profile.data.fullname || profile.data.email : null);

  if (profile.data) return <Profile key={profile.data.id} profile={profile.data} />;
  if (profile.isError && isApiError(profile.error, 'NOT_FOUND')) return <CustomerGone />;
  if (profile.isError) {
    return <QueryErrorState card query={profile} title="Couldn't load the customer" />;
  }
  return <ProfileSkeleton />;
}
