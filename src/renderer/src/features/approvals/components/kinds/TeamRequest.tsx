import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest } from '@shared/contract';
import { isRole, roleLabels } from '@shared/domain/roles';
import { Fact } from '../../../../components/ui/Fact';
import { api, call } from '../../../../lib/api';
import { useMay } from '../../../../lib/role';
import { factsKey, freshFacts } from '../../../../modules/review-list/facts';
import { ChangeTable, FactsSection, targetId, text } from './parts';

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
      <FactsSection title="Member" columns="grid-cols-1 sm:grid-cols-3">
        <Fact label="Member" valueClassName="text-sm font-medium break-all text-slate-900">
          {email ?? uid}
        </Fact>
        <Fact label="Action">{action}</Fact>
        {request.method !== 'team.disable' && <Fact label="Role">{roleText(role)}</Fact>}
      </FactsSection>
      {(member || request.method === 'team.invite') && <ChangeTable title="What approving changes" rows={rows} />}
    </div>
  );
}
