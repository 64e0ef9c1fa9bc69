// The Reshelf logo image, falling back to a plain default logo if the file fails to load.
import { useState, type SyntheticEvent } from 'react';
import { cn } from '../../lib/cn';

const LOGO_SRC = '/logo.svg';
const LOGO_FALLBACK_SRC = '/logo-fallback.svg';

export function Logo({ className }: { className?: string }) {
  const [src, setSrc] = useState(LOGO_SRC);
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    // Only once: if the fallback fails too, keep the alt text instead of looping.
    if (src !== LOGO_FALLBACK_SRC) setSrc(LOGO_FALLBACK_SRC);
    else event.currentTarget.onerror = null;
  };
  return <img src={src} onError={onError} alt="Reshelf" width={112} height={32} className={cn('h-8 w-28', className)} />;
}
