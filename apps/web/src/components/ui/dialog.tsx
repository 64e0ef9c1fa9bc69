// A modal dialog: focus moves in and is trapped, Escape and the backdrop close it, focus returns to
// what opened it, the page behind does not scroll. It stays mounted while its close animation runs.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { prefersReducedMotion } from '../../lib/motion';

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
}: DialogProps) {
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
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
      setClosing(true);
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

  // Focus in on open, back out on unmount; lock page scroll meanwhile.
  useEffect(() => {
    if (!mounted) return;
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      returnFocusRef.current?.focus?.();
    };
  }, [mounted, initialFocusRef]);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent<HTMLDivElement>) => {
      if (event.key === 'Escape') {
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

  if (!mounted) return null;

  return createPortal(
    <div className="fixed inset-0 z-[100] flex items-end justify-center p-4 sm:items-center" onKeyDown={onKeyDown}>
      <div
        aria-hidden="true"
        data-testid="dialog-backdrop"
        onClick={onClose}
        className={cn('absolute inset-0 bg-ink-900/50 backdrop-blur-[2px]', closing ? 'animate-fade-out' : 'animate-fade-in')}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-state={closing ? 'closed' : 'open'}
        className={cn(
          'relative w-full overflow-y-auto rounded-2xl bg-white p-6 shadow-lift outline-none max-h-[calc(100dvh-2rem)] sm:p-8',
          widths[size],
          closing ? 'animate-pop-out' : 'animate-pop-in',
          className,
        )}
      >
        {showClose && (
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
        {children && <div className="mt-4">{children}</div>}
        {footer && <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
