import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function DepositsPage() {
  return (
    <ScreenPlaceholder
      title="Deposits"
      description="Review incoming deposits and mark them successful or failed; a successful deposit credits the customer once."
      notice="Deposit review arrives in the next release."
    />
  );
}
