import type { RiskRulesValue } from '../../../../../shared/contract';
import { api } from '../../../lib/api';
import { rootKeys } from '../../../lib/query-keys';
import { useSetting, useSettingSave } from '../../../lib/settings';

export const LOAD_FAILED = "Couldn't load the risk rules.";

export const useRiskRules = () => useSetting(rootKeys.riskRules, () => api().riskRules.get({}), LOAD_FAILED);

/** Replaces settings/riskRules (audited); past the step-up window the password is asked first. */
export const useSaveRiskRules = () =>
  useSettingSave({
    method: 'riskRules.save',
    key: rootKeys.riskRules,
    save: (rules: RiskRulesValue, operationId) => api().riskRules.save({ rules, operationId }),
    succeeded: 'Risk rules saved.',
    failed: 'Failed to save the risk rules.'
  });
