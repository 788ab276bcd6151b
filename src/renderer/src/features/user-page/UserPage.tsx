import { UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { UserProfile } from '../../../../shared/contract';
import { USER_GONE_MESSAGE } from '../../../../shared/domain/users';
import { QueryErrorState } from '../../components/QueryErrorState';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { DeleteUserDialog } from '../../modules/users/DeleteUserDialog';
import { KycDialog } from '../../modules/users/KycDialog';
import { ManageDialog } from '../../modules/users/ManageDialog';
import { isApiError } from '../../lib/api';
import { useUserAudit, useUserMail, useUserReferrals, useMoneyCount, useProfile } from './api/user-page';
import { UserTabs, type TabCounts } from './components/UserTabs';
import { ProfileDetails } from './components/ProfileDetails';
import { FiguresCheck } from './components/FiguresCheck';
import { ProfileHeader, type ProfileAction } from './components/ProfileHeader';
import { MoneyTab } from './tabs/MoneyTab';
import { AuditTab, MailTab, ReferralsTab } from './tabs/RecordTabs';
import { NotesTab } from './tabs/NotesTab';
import { JournalTab } from './tabs/JournalTab';
import { useUserJournal } from './api/journal';
import { SuspendDialog } from '../../modules/users/SuspendDialog';
import { useUserNotes } from '../../modules/users/notes';
import { SuspensionNotice } from './components/SuspensionNotice';
import { tabOf, type UserTab } from './tabs';
import { paths } from '../../lib/paths';

/** The window title names the customer; set after the layout's own title ("Customer"), which runs after this page's effects. */
function useUserTitle(name: string | null | undefined) {
  useEffect(() => {
    if (!name) return;
    const timer = setTimeout(() => (document.title = `${name} · Ledgerdesk`));
    return () => clearTimeout(timer);
  }, [name]);
}

export function UserGone() {
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
function useTabCounts(profile: UserProfile, tab: UserTab): TabCounts {
  const deposits = useMoneyCount('deposits', profile);
  const withdrawals = useMoneyCount('withdrawals', profile);
  const investments = useMoneyCount('investments', profile);
  const compound = useMoneyCount('compoundInvestments', profile);
  const referrals = useUserReferrals(profile);
  const audit = useUserAudit(profile.id);
  const mail = useUserMail(profile.email);
  const notes = useUserNotes(profile.id);
  // Read when its tab opens, not with the page: the page's first screen reads what it always did.
  const journal = useUserJournal(profile.id, false, tab === 'journal');
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

function TabBody({ tab, profile }: { tab: UserTab; profile: UserProfile }) {
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

function Profile({ profile }: { profile: UserProfile }) {
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
        <UserTabs active={tab} counts={counts} />
        <TabBody tab={tab} profile={profile} />
      </div>
      {dialog === 'manage' && <ManageDialog user={profile} onClose={close} />}
      {dialog === 'kyc' && <KycDialog user={profile} onClose={close} />}
      {dialog === 'suspend' && <SuspendDialog user={profile} onClose={close} />}
      {dialog === 'delete' && <DeleteUserDialog user={profile} onClose={close} onDeleted={() => navigate(paths.users, { replace: true })} />}
    </div>
  );
}

/** /users/:id: who the customer is, what can be done to them, and every record about them. */
export function UserPage() {
  const { id = '' } = useParams();
  const profile = useProfile(id);
  useUserTitle(profile.data ? profile.data.fullname || profile.data.email : null);

  if (profile.data) return <Profile key={profile.data.id} profile={profile.data} />;
  if (profile.isError && isApiError(profile.error, 'NOT_FOUND')) return <UserGone />;
  if (profile.isError) {
    return <QueryErrorState card query={profile} title="Couldn't load the customer" />;
  }
  return <ProfileSkeleton />;
}
