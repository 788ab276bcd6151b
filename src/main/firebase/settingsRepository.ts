import { collection, doc, type Firestore } from 'firebase/firestore';
import { readDoc, readDocs } from './reads';
import type { Plans } from '../../shared/contract';
import { PLATFORM_SETTINGS_PATH, readPlatformSettings } from '../../shared/domain/platformSettings';
import { readRiskRules, RISK_RULES_PATH } from '../../shared/domain/riskRules';
import { coins, type Coin } from '../../shared/domain/wallets';
import type { SettingsRepository } from '../../core/ports/settingsRepository';
import { mapFirebaseErrors } from './errors';
import { numberOf, textOf } from './values';

/** Investment plans, the compounding plan, the receiving wallet addresses and the platform settings. */
export function firestoreSettingsRepository(db: Firestore): SettingsRepository {
  return {
    plans: (): Promise<Plans> =>
      mapFirebaseErrors(async () => {
        const [plans, compounding] = await Promise.all([readDocs(collection(db, 'investmentPlans')), readDoc(doc(db, 'settings', 'compoundingPlan'))]);
        const rows = plans.docs.map((d) => ({
          id: d.id,
          name: textOf(d.get('name')),
          min: numberOf(d.get('min')),
          max: numberOf(d.get('max')),
          roi: numberOf(d.get('roi')),
          duration: numberOf(d.get('duration'))
        }));
        // Cheapest first, as customers see them; a handful of documents, so sorting here is fine.
        rows.sort((a, b) => (a.min ?? Infinity) - (b.min ?? Infinity) || (a.name ?? '').localeCompare(b.name ?? ''));
        return {
          plans: rows,
          compoundingPlan: compounding.exists() ? { amount: numberOf(compounding.get('amount')), duration: numberOf(compounding.get('duration')) } : null
        };
      }),

    walletAddresses: (): Promise<Record<Coin, string | null>> =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(db, 'settings', 'walletAddresses'));
        return Object.fromEntries(coins.map((c) => [c, textOf(snapshot.get(c))])) as Record<Coin, string | null>;
      }),

    riskRules: () =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(db, RISK_RULES_PATH));
        return readRiskRules(snapshot.exists() ? snapshot.data() : null);
      }),

    platformSettings: () =>
      mapFirebaseErrors(async () => {
        const snapshot = await readDoc(doc(db, PLATFORM_SETTINGS_PATH));
        return readPlatformSettings(snapshot.exists() ? snapshot.data() : null);
      })
  };
}
