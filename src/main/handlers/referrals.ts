import type { HandlerContext, NamespaceHandlers } from './context';

export const referralsHandlers = ({ platform }: HandlerContext): NamespaceHandlers<'referrals'> => ({
  'referrals.list': (at) => platform().users.referrals(at)
});
