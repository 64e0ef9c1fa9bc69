// The toast area's place in the app shell. sonner's <Toaster> mounts once sonner has loaded: on the
// first toast, or as soon as the visitor first touches, clicks or types, so the area (a live region) is
// usually in the page before the first message arrives and that message shows at once. While a modal
// dialog is open the area lives inside it, the one part of the page that is not inert then.
import { useEffect, useSyncExternalStore } from 'react';
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

  if (!loaded) return null;
  return modal ? createPortal(<loaded.ToastArea />, modal) : <loaded.ToastArea />;
}
