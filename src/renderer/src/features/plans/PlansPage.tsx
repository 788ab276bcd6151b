import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function PlansPage() {
  return (
    <ScreenPlaceholder
      title="Manage Investment Plans"
      description="Edit each plan's name, minimum and maximum amount, ROI and duration in days."
      notice="Plan editing arrives in the next release."
    />
  );
}
