// A listing photo. Every place that shows one (catalogue, book page, moderation, cart, orders, the seller's
// pages) uses this, so a photo that is missing or fails to load shows the same self-hosted placeholder
// everywhere instead of the browser's broken-image icon in some places.
import { useState, type ImgHTMLAttributes } from 'react';

const PLACEHOLDER_BOOK_IMAGE = '/placeholder-book.svg';

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
