import { create } from 'zustand';
import type { SessionState, SignedInAdministrator, SignOutReason } from '../../../shared/contract';

export interface IdleWarning {
  /** performance.now() at which the main process will sign out; immune to wall-clock changes. */
  deadline: number;
  /** How long the warning lasts in all, for the draining bar. */
  totalMs: number;
}

type Status = 'unknown' | 'ready' | 'unreachable';

interface SessionStore {
  status: Status;
  /** Why the session could not be read at start-up (status 'unreachable'). */
  problem: string | null;
  /** Who is signed in, with the role the screens offer their controls by (lib/role.ts). */
  user: SignedInAdministrator | null;
  endedBecause: SignOutReason | null;
  idleTimeoutMs: number;
  rememberedEmail: string | null;
  idleWarning: IdleWarning | null;

  applySession(state: SessionState): void;
  signedIn(user: SignedInAdministrator): void;
  unreachable(problem: string): void;
  warnIdle(msLeft: number): void;
  clearIdleWarning(): void;
}

/** Until the main process answers, assume its default: 2 minutes (docs/product-rules.md §11). */
const DEFAULT_IDLE_TIMEOUT_MS = 120_000;

export const useSession = create<SessionStore>()((set) => ({
  status: 'unknown',
  problem: null,
  user: null,
  endedBecause: null,
  idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
  rememberedEmail: null,
  idleWarning: null,

  applySession: (state) =>
    set({
      status: 'ready',
      problem: null,
      user: state.user,
      endedBecause: state.endedBecause,
      idleTimeoutMs: state.idleTimeoutMs,
      rememberedEmail: state.rememberedEmail,
      idleWarning: null
    }),
  signedIn: (user) => set({ status: 'ready', user, endedBecause: null, idleWarning: null }),
  unreachable: (problem) => set({ status: 'unreachable', problem }),
  warnIdle: (msLeft) => {
    const totalMs = Math.max(0, msLeft);
    set({ idleWarning: { deadline: performance.now() + totalMs, totalMs } });
  },
  clearIdleWarning: () => set((s) => (s.idleWarning ? { idleWarning: null } : s))
}));
