/**
 * The one way screens raise a toast, so wording, duration and placement stay consistent and the
 * toast library can change without touching every screen.
 *
 * The toast library is loaded after the first screen, not with it: the sign-in page stays inside
 * its download budget. A toast raised before the Toaster is on screen waits for it, so none is lost.
 */
let toasterShown: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  toasterShown = resolve;
});

/** Called once by the Toaster when it is mounted (app/providers.tsx). */
export const markToasterShown = (): void => toasterShown();

const toast = async () => {
  const [{ toast: show }] = await Promise.all([import('sonner'), toasterReady]);
  return show;
};

export const notify = {
  success(message: string, description?: string) {
    void toast().then((show) => show.success(message, { description }));
  },
  error(message: string, description?: string) {
    void toast().then((show) => show.error(message, { description }));
  }
};
