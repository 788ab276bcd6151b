import type { Plans } from '../../../shared/contract';
import type { Coin } from '../../../shared/domain/wallets';

/** Investment plans, the compounding plan and the receiving wallet addresses (src/main/firebase/settings.ts). */
export interface SettingsRepository {
  plans(): Promise<Plans>;
  walletAddresses(): Promise<Record<Coin, string | null>>;
}
