// Which modal <dialog> is on top, if any. A modal dialog makes the rest of the page inert and sits in the
// browser's top layer, so the toast area moves into it while it is open: a toast raised from a dialog
// (a wrong password when deleting the account) must be seen and read out, not hidden behind it. Kept
// apart from the dialog's code so the app shell's toast host can follow it without loading that code.
const open: HTMLElement[] = [];
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

/** Called by the dialog when it becomes modal; returns the call that takes it off the layer. */
export function enterModalLayer(element: HTMLElement): () => void {
  open.push(element);
  changed();
  return () => {
    const at = open.indexOf(element);
    if (at !== -1) open.splice(at, 1);
    changed();
  };
}

/** The topmost open modal dialog, or null. */
export const topModal = (): HTMLElement | null => open[open.length - 1] ?? null;

export function onModalLayerChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
