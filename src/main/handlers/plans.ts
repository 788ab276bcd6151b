import { operationOf } from '../../core/operations';
import { changePlan } from '../../core/settingsChanges';
import type { HandlerContext, NamespaceHandlers } from './context';

export const plansHandlers = ({ platform, actor }: HandlerContext): NamespaceHandlers<'plans'> => ({
  'plans.list': () => platform().settings.plans(),
  'plans.update': (input) => changePlan({ store: platform().store, actor: actor(), operation: operationOf('plans.update', input) }, input)
});
