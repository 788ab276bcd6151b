import { paths } from '../../lib/paths';

/** Carried in router state from the guard to the sign-in page. */
export interface SignInRedirectState {
  from?: string;
}

/** Where to go after signing in: the page the admin asked for, if it is one of ours. */
export function returnPath(state: unknown): string {
  const from = (state as SignInRedirectState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.dashboard;
  const path = from.split(/[?#]/, 1)[0]?.toLowerCase();
  return path === paths.login || path === paths.logout ? paths.dashboard : from;
}
