import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '@shared/contract';
import { isRole, roleLabels } from '@shared/domain/roles';
import { api, call } from '../../../../lib/api';
import { useMay } from '../../../../lib/role';
import { factsKey, freshFacts } from '../../../../modules/review-list/facts';
import { ChangeTable, Section, targetId, text } from './parts';

const actions: Record<string, string> = {
  'team.invite': 'Invite as a new member',
  'team.setRole': 'Change role',
  'team.disable': 'Disable the account'
};

const roleText = (value: unknown): string => (isRole(value) ? roleLabels[value] : '—');

/**
 * A team change: the member (their e-mail where the team list can name them: only an owner reads
 * it), the action, and the role before and after (a disabled account keeps its role but cannot sign in).
 */
export function TeamRequest({ request }: { request: ApprovalRequest }) {
  const mayGovern = useMay('govern');
  const uid = text(request.decision.uid) ?? targetId(request);
  const team = useQuery({
    queryKey: [...factsKey('approvals', request.id), 'team'],
    queryFn: () => call(() => api().team.list({})),
    enabled: mayGovern && request.method !== 'team.invite',
    ...freshFacts
  });
  const member = team.data?.members.find((one) => one.uid === uid);
  const email = text(request.decision.email) ?? member?.email;
  const action = actions[request.method] ?? request.method;
  const role = request.decision.role;
  const rows =
    request.method === 'team.disable'
      ? [{ label: 'Account', now: member ? (member.disabled ? 'Disabled' : 'Active') : '—', after: 'Disabled', changed: member?.disabled !== true }]
      : [
          {
            label: 'Role',
            now: request.method === 'team.invite' ? 'Not a member' : member ? roleLabels[member.role] : '—',
            after: roleText(role),
            changed: member?.role !== role
          }
        ];
  return (
    <div className="space-y-3">
      <Section title="Member">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Member</dt>
            <dd className="text-sm font-medium break-all text-slate-900">{email ?? uid}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Action</dt>
            <dd className="text-sm text-slate-900">{action}</dd>
          </div>
          {request.method !== 'team.disable' && (
            <div className="min-w-0">
              <dt className="text-xs text-slate-500">Role</dt>
              <dd className="text-sm text-slate-900">{roleText(role)}</dd>
            </div>
          )}
        </dl>
      </Section>
      {(member || request.method === 'team.invite') && <ChangeTable title="What approving changes" rows={rows} />}
    </div>
  );
}
