import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { TeamMember } from '@shared/contract';
import { roleLabels } from '@shared/domain/roles';
import { QueryErrorState } from '../../components/QueryErrorState';
import { RefreshButton } from '../../components/RefreshButton';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { HeaderRow } from '../../components/ui/HeaderRow';
import { PageHeader } from '../../components/ui/PageHeader';
import { LoadingBars } from '../../components/ui/Skeleton';
import { formatDateTime, MISSING } from '../../lib/format';
import { useSession } from '../../stores/session';
import { useTeam } from './api/team';
import { SentForApproval } from '../../components/SentForApproval';
import { InviteDialog } from './components/InviteDialog';
import { ChangeRoleDialog, DisableDialog } from './components/MemberDialogs';

/** Where the member stands: a disabled account cannot sign in; an invited one has never signed in yet. */
function standing(member: TeamMember): { label: string; tone: BadgeTone } {
  if (member.disabled) return { label: 'Disabled', tone: 'danger' };
  if (member.lastSignInAt === null) return { label: 'Invited (never signed in)', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

type Asking = { kind: 'role' | 'disable'; member: TeamMember } | null;

const head = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
const memberColumns = ['E-mail', 'Role', 'MFA', 'Last sign-in', 'Status', 'Invited', { label: 'Actions', hidden: true }];
const cell = 'px-4 py-3 text-sm text-slate-700';

function MembersTable({ members, onAsk }: { members: TeamMember[]; onAsk: (asking: Asking) => void }) {
  const me = useSession((state) => state.user?.uid);
  return (
    <table className="w-full">
      <caption className="sr-only">Administrators of this Ledgerdesk</caption>
      <thead className="border-b border-slate-200 bg-slate-50/60">
        <HeaderRow columns={memberColumns} cellClassName={head} />
      </thead>
      <tbody className="divide-y divide-slate-100">
        {members.map((member) => {
          const state = standing(member);
          return (
            <tr key={member.uid}>
              <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
                {member.email}
                {member.uid === me && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
              </th>
              <td className={cell}>{roleLabels[member.role]}</td>
              <td className={cell}>{member.mfa ? 'Yes' : 'No'}</td>
              <td className={`${cell} tabular-nums`}>{formatDateTime(member.lastSignInAt, 'Never')}</td>
              <td className={cell}>
                <Badge tone={state.tone}>{state.label}</Badge>
              </td>
              <td className={`${cell} text-xs text-slate-500`}>
                {member.invitedAt ? (
                  <>
                    <span className="block tabular-nums">{formatDateTime(member.invitedAt)}</span>
                    {member.invitedBy && <span className="block">by {member.invitedBy}</span>}
                  </>
                ) : (
                  // Made an administrator outside this screen (grant-admin, the seed).
                  MISSING
                )}
              </td>
              <td className={`${cell} text-right`}>
                {/* A disabled account has nothing left to change here. */}
                {!member.disabled && (
                  <div className="flex justify-end gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-haspopup="dialog"
                      aria-label={`Change role of ${member.email}`}
                      onClick={() => onAsk({ kind: 'role', member })}
                    >
                      Change role
                    </Button>
                    {/* No owner disables their own account (docs/product-rules.md §15.2): another owner can. */}
                    {member.uid !== me && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-rose-600 hover:bg-rose-50 hover:text-rose-700"
                        aria-haspopup="dialog"
                        aria-label={`Disable ${member.email}`}
                        onClick={() => onAsk({ kind: 'disable', member })}
                      >
                        Disable
                      </Button>
                    )}
                  </div>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The team (docs/product-rules.md §15): every administrator with role, second factor, last sign-in
 * and standing; invite one, change a role, disable one. Owners only (routes.ts), as team.* are.
 */
export function TeamPage() {
  const team = useTeam();
  const [inviting, setInviting] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  /** The last change filed as an approval request (the policy covers team changes): nothing changed yet. */
  const [sent, setSent] = useState<{ message: string; id: string } | null>(null);
  const members = team.data?.members;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Team"
        description="The administrators of this Ledgerdesk and what each role lets them do. Changes are recorded in the audit log."
        actions={
          <div className="flex items-center gap-3">
            <RefreshButton query={team} />
            <Button onClick={() => setInviting(true)} aria-haspopup="dialog">
              <UserPlus aria-hidden />
              Invite administrator
            </Button>
          </div>
        }
      />
      {sent && <SentForApproval message={sent.message} requestId={sent.id} />}
      <Card className="overflow-hidden">
        {team.isError && !members ? (
          <QueryErrorState query={team} title="Couldn't load the team" className="py-10" />
        ) : !members ? (
          <LoadingBars label="Loading the team" bars={['h-5 w-3/4', 'h-5 w-2/3', 'h-5 w-1/2']} className="p-5" />
        ) : members.length === 0 ? (
          <EmptyState icon={UsersRound} title="No administrators listed" description="Invite the first administrator of this team." />
        ) : (
          <MembersTable members={members} onAsk={setAsking} />
        )}
      </Card>
      {inviting && <InviteDialog onClose={() => setInviting(false)} onSent={setSent} />}
      {asking?.kind === 'role' && <ChangeRoleDialog member={asking.member} onClose={() => setAsking(null)} onSent={setSent} />}
      {asking?.kind === 'disable' && <DisableDialog member={asking.member} onClose={() => setAsking(null)} onSent={setSent} />}
    </div>
  );
}
