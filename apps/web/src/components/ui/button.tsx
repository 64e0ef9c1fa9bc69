// Buttons and button-styled links: one look for every action in the app.
import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  type ButtonHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger' | 'soft';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

// An icon is a flex item of the button, and flex items shrink when the button is narrower than its content:
// the label's text (nowrap) cannot, so the <svg> was the one squashed, to nothing (My Books' "Sold
// elsewhere" and "Withdraw" lost theirs). Icons never shrink ([&_svg]:shrink-0; the spinner has its own
// shrink-0); a button too narrow for its content is its layout's to fix: let it grow or wrap, never give it
// a width (or a min-width in place of its automatic one) that its icon and label do not fit in.
const base =
  'inline-flex select-none items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap [&_svg]:shrink-0 ' +
  'transition-[background-color,border-color,color,box-shadow,transform] duration-150 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'active:translate-y-px disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  outline: 'border-2 border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  soft: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-13 px-7 text-lg',
  icon: 'h-11 w-11 p-0',
};

/** The classes of a button, for elements that cannot be a <Button> (rare; prefer asChild or ButtonLink). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and announces it as busy. */
  loading?: boolean;
  /** Renders the single child element (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
  children?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, asChild = false, className, children, disabled, type, ...rest },
  ref,
) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    const child = Children.only(children);
    if (!isValidElement<{ className?: string }>(child)) return null;
    return cloneElement(child as ReactElement<{ className?: string }>, {
      ...(rest as object),
      className: cn(classes, child.props.className),
    });
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" label={null} />}
      {children}
    </button>
  );
});

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A router link that looks like a button (navigation, not an action). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant = 'primary', size = 'md', className, ...rest },
  ref,
) {
  return <Link ref={ref} className={buttonClasses(variant, size, className)} {...rest} />;
});
