import type { Plans } from '../../shared/contract';
import type { PlatformSettings } from '../../shared/domain/platformSettings';
import type { RiskRules } from '../../shared/domain/riskRules';
import type { Coin } from '../../shared/domain/wallets';

/** Investment plans, the compounding plan, the receiving wallet addresses and the platform settings (src/main/firebase/settingsRepository.ts). */
export interface SettingsRepository {
  plans(): Promise<Plans>;
  walletAddresses(): Promise<Record<Coin, string | null>>;
  /** settings/ledgerdesk, each field its default when missing or odd. */
  platformSettings(): Promise<PlatformSettings>;
  /** settings/riskRules, each field its default when missing or odd. */
  riskRules(): Promise<RiskRules>;
}
