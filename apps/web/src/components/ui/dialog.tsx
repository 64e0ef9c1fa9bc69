// The app's one modal dialog, on the browser's own <dialog> opened with showModal(): the rest of the page
// becomes inert (no click, focus or screen-reader visit reaches it) and Escape asks the dialog to close.
// On top of that, Tab wraps from the last control to the first (a browser would otherwise let it out to
// its own address bar), focus goes to what opened the dialog when it closes, the backdrop closes it and
// the page behind does not scroll. It stays mounted while its close animation runs.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { enterModalLayer } from '../../lib/modal-layer';
import { prefersReducedMotion } from '../../lib/motion';

/**
 * A dialog's row of buttons: it stays in sight at the panel's foot while a long form scrolls behind it
 * (on a 320 px phone the decline form's buttons were below the fold). The `footer` prop gets it; a form
 * that holds its own buttons inside the dialog gives its button row this class.
 */
export const DIALOG_FOOTER =
  'sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-ink-100 bg-white px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:flex-row sm:justify-end sm:px-8';
/** The same row's layout without the sticking, for a side sheet (it has no padding for the row to reach into). */
const SHEET_FOOTER = 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end';

/** How long the close animation runs (the promo popup closes in 300 ms). */
export const DIALOG_CLOSE_MS = 300;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** A picture or icon above the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** Hides the title visually (it still names the dialog). */
  hideTitle?: boolean;
  /** Whether the corner close button shows (aria-label 'Close'). */
  showClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Element to focus first; by default the first focusable one inside. */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  /** role alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /**
   * 'center': a panel in the middle (at the bottom on phones) with the title and a close animation;
   * 'start': a full-height sheet at the left edge whose children are all of it (a phone menu), gone at once.
   */
  placement?: 'center' | 'start';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

export function Dialog({
  open,
  onClose,
  title,
  description,
  icon,
  children,
  footer,
  hideTitle = false,
  showClose = true,
  size = 'md',
  className,
  initialFocusRef,
  role = 'dialog',
  placement = 'center',
}: DialogProps) {
  const sheet = placement === 'start';
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Adjust mount state while rendering when `open` changes, as React recommends over an effect.
  const [prevOpen, setPrevOpen] = useState(open);
  if (open !== prevOpen) {
    setPrevOpen(open);
    if (open) {
      setMounted(true);
      setClosing(false);
    } else if (mounted) {
      if (sheet) setMounted(false);
      else setClosing(true);
    }
  }

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(
      () => {
        setMounted(false);
        setClosing(false);
      },
      prefersReducedMotion() ? 0 : DIALOG_CLOSE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [closing]);

  // Modal from before the first paint until unmounted; focus in on open and back out after; the page
  // behind does not scroll meanwhile (the promo popup also reads that lock as 'something is open').
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!mounted || !dialog) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const leaveLayer = enterModalLayer(dialog);
    const panel = panelRef.current;
    const first = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      // Back to the opener, unless something else has taken focus meanwhile (a dialog opened from this
      // one, a page that focused its own heading).
      const focused = document.activeElement;
      const focusLeft = focused && focused !== document.body && !dialog.contains(focused);
      leaveLayer();
      dialog.close();
      if (!focusLeft) returnFocus?.focus();
    };
  }, [mounted, initialFocusRef]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === 'Escape') {
        // Handled here rather than by the browser's own cancel, so the close animation runs.
        event.preventDefault();
        event.stopPropagation();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusables = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusables.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusables[0]!;
      const last = focusables[focusables.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [onClose],
  );

  const onCancel = useCallback(
    (event: React.SyntheticEvent<HTMLDialogElement>) => {
      // The browser's own close request (Escape on some keyboards, a phone's back gesture): the dialog
      // closes through its owner, never by itself, so React's state and the page stay in step.
      event.preventDefault();
      onClose();
    },
    [onClose],
  );

  if (!mounted) return null;

  return createPortal(
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-state={closing ? 'closed' : 'open'}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      className={cn(
        'fixed inset-0 z-[100] m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-transparent text-ink-900 backdrop:bg-transparent open:flex',
        sheet ? 'items-stretch justify-start p-0' : 'items-end justify-center p-4 sm:items-center',
      )}
    >
      <div
        aria-hidden="true"
        data-testid="dialog-backdrop"
        onClick={onClose}
        className={cn('absolute inset-0 bg-ink-900/50', !sheet && 'backdrop-blur-[2px]', closing ? 'animate-fade-out' : 'animate-fade-in')}
      />
      <div
        ref={panelRef}
        tabIndex={-1}
        data-state={closing ? 'closed' : 'open'}
        className={cn(
          sheet
            ? 'relative flex h-full w-[min(20rem,86vw)] animate-fade-in flex-col bg-white shadow-lift outline-none'
            : cn(
                // Scroll padding as tall as the buttons' row (two stacked buttons on a phone): a field scrolled
                // into view, by focus or by its error, stops above the row instead of behind it.
                'relative w-full scroll-pb-36 overflow-y-auto rounded-2xl bg-white p-6 shadow-lift outline-none max-h-[calc(100dvh-2rem)] sm:scroll-pb-28 sm:p-8',
                widths[size],
                closing ? 'animate-pop-out' : 'animate-pop-in',
              ),
          className,
        )}
      >
        {showClose && !sheet && (
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="absolute top-3 right-3 grid h-10 w-10 place-items-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
          >
            <X aria-hidden="true" size={20} />
          </button>
        )}
        {icon && <div className="mb-4">{icon}</div>}
        <h2 id={titleId} className={cn('text-xl font-bold text-ink-900', showClose && !icon && 'pr-8', hideTitle && 'sr-only')}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-ink-600">
            {description}
          </p>
        )}
        {children && (sheet ? children : <div className="mt-4">{children}</div>)}
        {footer && <div className={cn('mt-6', sheet ? SHEET_FOOTER : DIALOG_FOOTER)}>{footer}</div>}
      </div>
    </dialog>,
    document.body,
  );
}
