import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function UsersPage() {
  return (
    <ScreenPlaceholder
      title="Manage Users"
      description="Find customers, adjust balances with a recorded reason, verify accounts and review KYC documents."
      notice="User management arrives in the next release."
    />
  );
}
