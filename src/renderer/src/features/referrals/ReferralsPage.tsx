import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function ReferralsPage() {
  return (
    <ScreenPlaceholder
      title="Admin Referral Dashboard"
      description="See which customer referred whom, and when each referred customer registered."
      notice="The referral overview arrives in the next release."
    />
  );
}
