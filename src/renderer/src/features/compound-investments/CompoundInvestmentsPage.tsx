import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function CompoundInvestmentsPage() {
  return (
    <ScreenPlaceholder
      title="All Compound Investments"
      description="Follow compound investments from start to end and set them active, completed or pending."
      notice="Compound investment management arrives in the next release."
    />
  );
}
