import { coins } from '@shared/domain/wallets';
import { StoredFormPage } from '../../components/StoredFormPage';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { storedWallets } from './api/wallets';
import { WalletForm } from './components/WalletForm';

function FormSkeleton() {
  return (
    <Card aria-hidden className="divide-y divide-slate-100">
      {coins.map((coin) => (
        <div key={coin} className="grid gap-x-6 gap-y-2 px-5 py-4 md:grid-cols-[11rem_1fr]">
          <Skeleton className="mt-2.5 h-4 w-20" />
          <div>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="mt-2 h-3 w-56" />
          </div>
        </div>
      ))}
    </Card>
  );
}

export function WalletsPage() {
  return (
    <StoredFormPage
      title="Admin Wallet Addresses"
      description="The platform's receiving address for each coin. Each address is checked for its coin, checksum included, before it can be saved."
      note="Customers send their deposits to these addresses. Saving overwrites them for every customer at once, so you are asked to confirm each change first."
      setting={storedWallets}
      skeleton={<FormSkeleton />}
    >
      {({ addresses }) => <WalletForm stored={addresses} />}
    </StoredFormPage>
  );
}
