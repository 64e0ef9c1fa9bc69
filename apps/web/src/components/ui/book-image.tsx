// A listing photo that falls back to the self-hosted placeholder when it cannot load (spec section 2).
import { useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_BOOK_IMAGE = '/placeholder-book.svg';

export interface BookImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | undefined;
}

export function BookImage({ src, alt = '', loading = 'lazy', decoding = 'async', ...rest }: BookImageProps) {
  // Remembers which source failed, so a new source gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const broken = !src || failed === src;
  return (
    <img
      {...rest}
      src={broken ? PLACEHOLDER_BOOK_IMAGE : src}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={() => src && setFailed(src)}
    />
  );
}
