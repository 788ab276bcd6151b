import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function WalletsPage() {
  return (
    <ScreenPlaceholder
      title="Admin Wallet Addresses"
      description="Set the platform's receiving address for Bitcoin, Ethereum, USDT, Tron and Litecoin."
      notice="Wallet address editing arrives in the next release."
    />
  );
}
