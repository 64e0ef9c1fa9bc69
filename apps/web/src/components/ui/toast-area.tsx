// The toast area itself, loaded on demand by ./toast (sonner stays out of the first page load): one
// message visible at a time, 10 s each, closable. It sits at the top, just below the top bar (72 px on
// public pages, 64 px in the dashboard): over the bar it covered the phone's menu button and bell for the
// whole 10 s, and at the bottom it covered a form's own buttons (a wizard's Next, List Book).
import { Toaster as SonnerToaster, toast } from 'sonner';
import { LIMITS } from '@reshelf/shared';
import './toast-area.css';

export { toast };

/** Below the tallest top bar (the public one, 72 px) with a little air. */
const TOP_BAR_CLEARANCE = 80;

export function ToastArea() {
  return (
    <SonnerToaster
      position="top-center"
      offset={{ top: TOP_BAR_CLEARANCE }}
      mobileOffset={{ top: TOP_BAR_CLEARANCE }}
      visibleToasts={1}
      duration={LIMITS.toastDurationMs}
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: 'Close', className: 'font-sans' }}
      containerAriaLabel="Notifications"
    />
  );
}
