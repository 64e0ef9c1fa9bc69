// What features call to show a message: toast.success(...), toast.error(...), toast.info(...),
// toast.loading(...), toast(...), toast.dismiss(...). The <Toaster> in the app shell shows one at a time
// for 10 s.
//
// sonner (about 6 KB gzip) is not part of the first page load: this facade imports it the first time a
// message is asked for (or earlier, when the visitor first touches or types: see preloadToasts), keeps
// the calls made meanwhile in order and replays them once it has arrived. sonner's <Toaster> shows the
// toasts created before it mounted, so nothing is lost.
import type { ExternalToast } from 'sonner';
import type { ReactNode } from 'react';
import type * as ToastAreaModule from './toast-area';

type ToastArea = typeof ToastAreaModule;
type SonnerToast = ToastArea['toast'];
type Message = ReactNode | (() => ReactNode);
type ToastId = string | number;

let area: ToastArea | null = null;
let loading: Promise<ToastArea> | null = null;
/** Calls made before sonner arrived, replayed in order. */
const pending: ((sonner: SonnerToast) => void)[] = [];
const listeners = new Set<() => void>();
let nextPendingId = 0;

/** Loads sonner and the configured toast area (once; a failed load is retried on the next call). */
export function preloadToasts(): Promise<ToastArea> {
  loading ??= import('./toast-area').then(
    (module) => {
      area = module;
      for (const call of pending.splice(0)) call(module.toast);
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // Offline or a stale deployment: keep the waiting messages for the next attempt.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The loaded toast area, or null while sonner has not arrived (read by the <Toaster> host). */
export const loadedToastArea = () => area;

/** Calls `listener` once sonner has arrived. */
export function onToastAreaLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function later(call: (sonner: SonnerToast) => void) {
  pending.push(call);
  preloadToasts().catch(() => {});
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading';

function show(kind: Kind | null, message: Message, data?: ExternalToast): ToastId {
  if (area) return kind ? area.toast[kind](message, data) : area.toast(message, data);
  // Not loaded yet: give the toast its id now so callers can update or dismiss it.
  const id = data?.id ?? `toast-${++nextPendingId}`;
  later((sonner) => (kind ? sonner[kind](message, { ...data, id }) : sonner(message, { ...data, id })));
  return id;
}

const message = (kind: Kind | null) => (text: Message, data?: ExternalToast) => show(kind, text, data);

export const toast = Object.assign(message(null), {
  success: message('success'),
  error: message('error'),
  info: message('info'),
  warning: message('warning'),
  loading: message('loading'),
  /** Closes one toast, or all of them. Before sonner has loaded there is nothing shown to close. */
  dismiss(id?: ToastId): ToastId | undefined {
    if (area) return area.toast.dismiss(id);
    if (pending.length) later((sonner) => sonner.dismiss(id));
    return id;
  },
});
