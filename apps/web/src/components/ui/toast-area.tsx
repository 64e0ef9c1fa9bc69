// The toast area itself, loaded on demand by ./toast (sonner stays out of the first page load): one
// message visible at a time, 10 s each, closable (spec section 2, Toast).
import { Toaster as SonnerToaster, toast } from 'sonner';
import { LIMITS } from '@reshelf/shared';
import './toast-area.css';

export { toast };

export function ToastArea() {
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={1}
      duration={LIMITS.toastDurationMs}
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: 'Close', className: 'font-sans' }}
      containerAriaLabel="Notifications"
    />
  );
}
