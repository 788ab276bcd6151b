import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Clock,
  IdCard,
  Layers,
  LayoutDashboard,
  LogOut,
  Mail,
  Scale,
  ScrollText,
  Share2,
  ShieldAlert,
  SlidersHorizontal,
  TrendingUp,
  Users,
  Wallet,
  type LucideIcon
} from 'lucide-react';
import type { Destination } from '../modules/palette/palette-items';

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
  { label: 'Audit log', to: '/audit', icon: ScrollText },
  // Not in the original admin's sidebar either: every customer's totals checked against their records.
  { label: 'Reconciliation', to: '/reconciliation', icon: Scale },
  // Monitoring across requests: caps, blocked addresses, when approval asks for the password.
  { label: 'Risk rules', to: '/risk-rules', icon: ShieldAlert }
];

/** Words the sidebar's labels leave out but the screens' titles or the administrator's habits use. */
const extraWords: Record<string, string[]> = {
  '/': ['home', 'overview', 'totals'],
  '/users': ['customers', 'clients'],
  '/Settings': ['plans', 'settings'],
  '/sendmail': ['send email', 'mail'],
  '/walletsettings': ['wallets', 'receiving'],
  '/reconciliation': ['drift', 'figures check', 'totals check'],
  '/audit': ['activity', 'history', 'mail queue', 'sign-ins'],
  '/risk-rules': ['limits', 'caps', 'blocked addresses', 'monitoring']
};

/**
 * Every screen the command palette opens: the sidebar's, then the screens and queues without a
 * link of their own, and signing out last.
 */
export const paletteDestinations: Destination[] = [
  ...mainNav.map((item) => ({ label: item.label, to: item.to, icon: item.icon, keywords: extraWords[item.to] ?? [] })),
  { label: 'Compound investments', to: '/cmdinvestments', icon: Layers, keywords: ['compound'] },
  { label: 'KYC queue, oldest first', to: '/users?kyc=pending&order=oldest', icon: IdCard, keywords: ['kyc', 'identity', 'pending'] },
  { label: 'Deleted customers', to: '/users/deleted', icon: Users, keywords: ['archived', 'deleted', 'kyc kept'] },
  { label: 'Pending deposits', to: '/deposits?status=pending', icon: Clock, keywords: ['queue'] },
  { label: 'Pending withdrawals', to: '/withdrawals?status=pending', icon: Clock, keywords: ['queue'] },
  { label: 'Sign out', to: '/logout', icon: LogOut, keywords: ['logout', 'log out'] }
];
