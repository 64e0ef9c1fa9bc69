// The toast area: one message visible at a time, 10 s each, closable (spec section 2, Toast).
import { Toaster as SonnerToaster } from 'sonner';
import { LIMITS } from '@reshelf/shared';

export function Toaster() {
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
