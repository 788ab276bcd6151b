import { create } from 'zustand';

/**
 * The one way screens raise a toast, so wording, duration and placement stay consistent and the
 * toast library can change without touching every screen.
 *
 * The toast library is loaded when first wanted: by the first toast, or by the admin layout as it
 * opens. The sign-in page, which rarely raises one, stays inside its download budget. A toast
 * raised before the Toaster is on screen waits for it, so none is lost.
 */
export const useToasterWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

/** Asks for the Toaster (and its library) to be drawn; a no-op once it is. */
export const wantToaster = (): void => {
  if (!useToasterWanted.getState().wanted) useToasterWanted.setState({ wanted: true });
};

let toasterShown: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  toasterShown = resolve;
});

/** Called once by the Toaster when it is mounted (app/providers.tsx). */
export const markToasterShown = (): void => toasterShown();

const toast = async () => {
  wantToaster();
  const [{ toast: show }] = await Promise.all([import('sonner'), toasterReady]);
  return show;
};

/** A button in the toast (e.g. "Open Approvals"), run on click. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export const notify = {
  success(message: string, description?: string, action?: ToastAction) {
    void toast().then((show) => show.success(message, { description, ...(action ? { action } : {}) }));
  },
  error(message: string, description?: string) {
    void toast().then((show) => show.error(message, { description }));
  }
};
