// A card-shaped placeholder (kept apart from skeleton.tsx, which every first visit loads for the page
// skeleton).
import { cn } from '../../lib/cn';

const SHIMMER = 'animate-shimmer bg-ink-200/80';

export interface SkeletonCardProps {
  /** The picture's shape, e.g. 'aspect-[3/4]' (square corners: the card clips it). */
  image: string;
  /** The card body's padding. */
  padding: string;
  /** One class list per line of text under the picture: its height, width and corners. */
  lines: readonly string[];
}

/** A card-shaped placeholder: the picture, then the lines of text the real card will have. */
export function SkeletonCard({ image, padding, lines }: SkeletonCardProps) {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-card border border-ink-200 bg-white">
      <div className={cn(image, SHIMMER)} />
      <div className={cn('space-y-2', padding)}>
        {lines.map((line, index) => (
          <div key={index} className={cn(line, SHIMMER)} />
        ))}
      </div>
    </div>
  );
}
