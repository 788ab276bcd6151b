import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function WithdrawalsPage() {
  return (
    <ScreenPlaceholder
      title="Withdrawals"
      description="Approve or reject withdrawal requests; a rejected amount returns to the customer's balance once."
      notice="Withdrawal review arrives in the next release."
    />
  );
}
