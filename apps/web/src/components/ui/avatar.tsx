// A generated avatar (GET /api/v1/avatars/<seed>.svg?style=N, made on the server) in a green circle.
// If the image cannot load, the circle shows initials or stays plain instead of a broken image.
import { useState } from 'react';
import { cn } from '../../lib/cn';

/** The generated avatar's address (the picker's choices use it too). */
export function avatarUrl(seed: string, style: number): string {
  return `/api/v1/avatars/${encodeURIComponent(seed)}.svg?style=${style}`;
}

export interface AvatarProps {
  seed: string;
  style?: number;
  /** Pixel size of the image (width and height, so the layout does not shift). */
  size?: number;
  /** Shown as initials when the image fails; also the alt text when `decorative` is false. */
  name?: string;
  /** True when a name is already written beside the avatar (alt ''). */
  decorative?: boolean;
  className?: string;
  loading?: 'lazy' | 'eager';
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

export function Avatar({ seed, style = 0, size = 40, name, decorative = true, className, loading }: AvatarProps) {
  const src = avatarUrl(seed, style);
  // Which address failed: a new seed or style (the picker's choice) gets its own try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <span
      className={cn('inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-800', className)}
      style={{ width: size, height: size, fontSize: Math.max(12, size * 0.36) }}
    >
      {failed ? (
        <span aria-hidden={decorative || undefined} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : name}>
          {name ? initialsOf(name) : ''}
        </span>
      ) : (
        <img
          src={src}
          alt={decorative ? '' : (name ?? '')}
          width={size}
          height={size}
          loading={loading}
          onError={() => setFailedSrc(src)}
          className="h-full w-full"
        />
      )}
    </span>
  );
}
