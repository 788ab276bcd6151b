import { useState } from 'react';
import type { PlatformSettings } from '@shared/domain/platformSettings';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { usePlatformSettingsControl } from '../../lib/platform-settings';

/** What is asked before the setting takes its risky value. */
interface Question {
  title: string;
  description: string;
  confirmLabel: string;
}

type Setting = 'paysMaturedInvestments' | 'mailDelivery';

/**
 * One platform setting (settings/ledgerdesk) whose risky value is asked first: turning payouts on
 * moves money, handing e-mails to the server stops this desktop sending them. Any other value is
 * saved at once. `question` is the dialog to render beside the control. `lockedBecause` says why
 * the signed-in role may not change it (platform settings are an owner's: govern), else null: the
 * control is then shown disabled with that sentence, since its value is worth seeing.
 */
export function useAskedSetting<K extends Setting>(setting: K, risky: PlatformSettings[K], asked: Question) {
  const { settings, save, lockedBecause } = usePlatformSettingsControl();
  const [asking, setAsking] = useState(false);
  const set = (value: PlatformSettings[K]) => save.mutate({ [setting]: value }, { onSettled: () => setAsking(false) });
  return {
    settings,
    lockedBecause,
    current: settings.data?.[setting],
    saving: save.isPending,
    choose: (value: PlatformSettings[K]) => (value === risky ? setAsking(true) : set(value)),
    question: <ConfirmDialog open={asking} onOpenChange={setAsking} {...asked} busy={save.isPending} onConfirm={() => set(risky)} />
  };
}
