import type { RiskRulesValue } from '@shared/contract';
import { api } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';
import { storedSetting } from '../../../lib/settings';

/** settings/riskRules, replaced whole (audited); past the step-up window the password is asked first. */
export const storedRiskRules = storedSetting({
  key: rootKeys.riskRules,
  read: () => api().riskRules.get({}),
  loadFailed: "Couldn't load the risk rules.",
  method: 'riskRules.save',
  save: (rules: RiskRulesValue, operationId) => api().riskRules.save({ rules, operationId }),
  succeeded: 'Risk rules saved.',
  failed: 'Failed to save the risk rules.'
});
