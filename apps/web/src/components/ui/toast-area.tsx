// The toast area itself, loaded on demand by ./toast (sonner stays out of the first page load): one
// message visible at a time, 10 s each, closable. It sits at the bottom of the screen: at the top it
// covered the phone's menu button and bell (and the desktop navigation bar) for the whole 10 s.
import { Toaster as SonnerToaster, toast } from 'sonner';
import { LIMITS } from '@reshelf/shared';
import './toast-area.css';

export { toast };

export function ToastArea() {
  return (
    <SonnerToaster
      position="bottom-center"
      visibleToasts={1}
      duration={LIMITS.toastDurationMs}
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: 'Close', className: 'font-sans' }}
      containerAriaLabel="Notifications"
    />
  );
}
