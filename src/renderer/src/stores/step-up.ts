import { create } from 'zustand';

/**
 * The password asked again (step-up): while a request waits for it, the dialog in the admin layout
 * shows (features/auth/components/ReauthDialog.tsx). Several requests asking at once share one answer.
 */
interface StepUpStore {
  /** null: nothing is waiting for the password. */
  waiting: Promise<boolean> | null;
  settle: ((confirmed: boolean) => void) | null;
  ask(): Promise<boolean>;
  answer(confirmed: boolean): void;
}

export const useStepUp = create<StepUpStore>()((set, get) => ({
  waiting: null,
  settle: null,
  ask() {
    const waiting = get().waiting;
    if (waiting) return waiting;
    let settle: (confirmed: boolean) => void = () => undefined;
    const asked = new Promise<boolean>((resolve) => (settle = resolve));
    set({ waiting: asked, settle });
    return asked;
  },
  answer(confirmed) {
    get().settle?.(confirmed);
    set({ waiting: null, settle: null });
  }
}));
