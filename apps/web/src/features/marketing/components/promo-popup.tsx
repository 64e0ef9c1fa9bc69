// The landing page's promo popup: once, 5 s after load, at most once every 7 days (remembered in
// localStorage under 'promoPopupLastShown').
import { useEffect, useRef, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { LIMITS } from '@reshelf/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { readStored, writeStored } from '../../../lib/storage';

export const PROMO_STORAGE_KEY = 'promoPopupLastShown';

function shownRecently(now: number): boolean {
  const last = readStored<unknown>(PROMO_STORAGE_KEY, null);
  const time = typeof last === 'number' ? last : typeof last === 'string' ? Date.parse(last) : NaN;
  return Number.isFinite(time) && now - time < LIMITS.promoGapMs && time <= now;
}

export function PromoPopup() {
  const [open, setOpen] = useState(false);
  const getStartedRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (shownRecently(Date.now())) return;
    const timer = window.setTimeout(() => {
      // Remember the showing itself, so closing the tab without answering also counts.
      writeStored(PROMO_STORAGE_KEY, Date.now());
      setOpen(true);
    }, LIMITS.promoDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  const close = () => setOpen(false);

  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      initialFocusRef={getStartedRef}
      title="Start trading textbooks today"
      description="Join students at your university who buy and sell used textbooks on Reshelf. List your books in minutes and save up to 70% on the ones you need."
      className="text-center"
      icon={
        <div aria-hidden="true" className="mx-auto grid h-16 w-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <BookOpen size={32} />
        </div>
      }
      footer={
        <>
          <Button variant="ghost" onClick={close} className="sm:flex-1">
            Maybe Later
          </Button>
          <ButtonLink ref={getStartedRef} to="/signup" onClick={close} className="sm:flex-1">
            Get Started
          </ButtonLink>
        </>
      }
    />
  );
}
