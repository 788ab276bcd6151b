/** A dialog is open over the screen: the keys belong to it, and no other window opens over it. */
export const dialogOpen = (): boolean => document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null;
