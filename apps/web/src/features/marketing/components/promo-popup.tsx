// The landing page's promo popup: once, 5 s after load, at most once every 7 days (remembered in
// localStorage under 'promoPopupLastShown'). The dialog's code (and the Dialog component's) is not part of
// the landing page's first load: it is fetched a second before the popup is due.
import { useEffect, useState } from 'react';
import { LIMITS } from '@reshelf/shared';
import { readStored, writeStored } from '../../../lib/local-storage';
import type * as PromoDialogModule from './promo-dialog';

export const PROMO_STORAGE_KEY = 'promoPopupLastShown';

/** How long before the popup is due its code starts loading. */
const PRELOAD_LEAD_MS = 1000;

type PromoDialogCode = typeof PromoDialogModule;
let loaded: PromoDialogCode | null = null;
let loading: Promise<PromoDialogCode> | null = null;

/** Loads the dialog's code (once; a failed load is tried again next time). */
export function loadPromoDialog(): Promise<PromoDialogCode> {
  loading ??= import('./promo-dialog').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Runs `callback` once nothing else is open over the page: the phone menu and every dialog lock the page's
 * scrolling while they are open, so the popup waits for that lock to go instead of opening on top of them
 * (a student who opened the menu at second five would find a sign-up advert over it). Returns a cancel.
 */
function whenNothingIsOpen(callback: () => void): () => void {
  const locked = () => document.body.style.overflow === 'hidden';
  if (!locked()) {
    callback();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (locked()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['style'] });
  return () => observer.disconnect();
}

function shownRecently(now: number): boolean {
  const last = readStored<unknown>(PROMO_STORAGE_KEY, null);
  const time = typeof last === 'number' ? last : typeof last === 'string' ? Date.parse(last) : NaN;
  return Number.isFinite(time) && now - time < LIMITS.promoGapMs && time <= now;
}

export function PromoPopup() {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<PromoDialogCode | null>(null);

  useEffect(() => {
    if (shownRecently(Date.now())) return;
    let cancelled = false;
    let stopWaiting = () => {};
    const show = (module: PromoDialogCode) => {
      if (cancelled) return;
      stopWaiting = whenNothingIsOpen(() => {
        // Remember the showing itself, so closing the tab without answering also counts.
        writeStored(PROMO_STORAGE_KEY, Date.now());
        setDialog(() => module);
        setOpen(true);
      });
    };
    const preload = window.setTimeout(() => void loadPromoDialog().catch(() => {}), LIMITS.promoDelayMs - PRELOAD_LEAD_MS);
    const timer = window.setTimeout(() => {
      if (loaded) show(loaded);
      // Offline and not loaded: no popup this time (nothing is remembered, so it comes next visit).
      else loadPromoDialog().then(show, () => {});
    }, LIMITS.promoDelayMs);
    return () => {
      cancelled = true;
      stopWaiting();
      window.clearTimeout(preload);
      window.clearTimeout(timer);
    };
  }, []);

  if (!dialog) return null;
  return <dialog.PromoDialog open={open} onClose={() => setOpen(false)} />;
}
