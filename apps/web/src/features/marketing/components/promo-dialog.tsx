// The promo popup's dialog itself, loaded by promo-popup.tsx shortly before it is due (the landing page
// does not need its code to paint).
import { useRef } from 'react';
import { BookOpen } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export function PromoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const getStartedRef = useRef<HTMLAnchorElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onClose}
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
          <Button variant="ghost" onClick={onClose} className="sm:flex-1">
            Maybe Later
          </Button>
          <ButtonLink ref={getStartedRef} to="/signup" onClick={onClose} className="sm:flex-1">
            Get Started
          </ButtonLink>
        </>
      }
    />
  );
}
