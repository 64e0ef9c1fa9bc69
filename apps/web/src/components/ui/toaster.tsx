// The toast area's place in the app shell. sonner's <Toaster> mounts once sonner has loaded: on the
// first toast, or as soon as the visitor first touches, clicks or types, so the area (a live region) is
// usually in the page before the first message arrives and that message shows at once. While a modal
// dialog is open the area lives inside it, the one part of the page that is not inert then. It moves as a
// DOM node (React renders it into one element of its own, which goes into the dialog and back to the end
// of <body>), so the toasts on screen stay the same elements: a toast raised as a dialog closes does not
// vanish and appear again when the dialog has gone.
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { onModalLayerChange, topModal } from '../../lib/modal-layer';
import { loadedToastArea, onToastAreaLoaded, preloadToasts } from './toast';

const FIRST_INPUT = ['pointerdown', 'keydown'] as const;

export function Toaster() {
  const loaded = useSyncExternalStore(onToastAreaLoaded, loadedToastArea, () => null);
  const modal = useSyncExternalStore(onModalLayerChange, topModal, () => null);

  useEffect(() => {
    if (loaded) return;
    const load = () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
      preloadToasts().catch(() => {});
    };
    for (const type of FIRST_INPUT) window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INPUT) window.removeEventListener(type, load, true);
    };
  }, [loaded]);

  const [host] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    if (loaded) (modal ?? document.body).append(host);
  }, [loaded, modal, host]);
  useEffect(() => () => host.remove(), [host]);

  if (!loaded) return null;
  return createPortal(<loaded.ToastArea />, host);
}
