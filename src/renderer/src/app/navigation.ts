import {
  ArrowDownToLine,
  ArrowUpFromLine,
  LayoutDashboard,
  Mail,
  ScrollText,
  Share2,
  SlidersHorizontal,
  TrendingUp,
  Users,
  Wallet,
  type LucideIcon
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that belong to this entry (a sub-screen without its own sidebar link). */
  alsoActiveOn?: string[];
}

/** The sidebar, in the original admin's order plus Audit log (docs/product-rules.md §2); Logout is drawn apart at the bottom. */
export const mainNav: NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Manage Users', to: '/users', icon: Users },
  { label: 'Manage Deposits', to: '/deposits', icon: ArrowDownToLine },
  { label: 'Manage Investments', to: '/investments', icon: TrendingUp, alsoActiveOn: ['/cmdinvestments'] },
  { label: 'Manage Withdrawals', to: '/withdrawals', icon: ArrowUpFromLine },
  { label: 'Investment Plans', to: '/Settings', icon: SlidersHorizontal },
  { label: 'Webmail', to: '/sendmail', icon: Mail },
  { label: 'Wallet address', to: '/walletsettings', icon: Wallet },
  { label: 'Referrals', to: '/referrals', icon: Share2 },
  // Not in the original admin's sidebar: where every money decision and the e-mails it sent can be checked.
  { label: 'Audit log', to: '/audit', icon: ScrollText }
];
