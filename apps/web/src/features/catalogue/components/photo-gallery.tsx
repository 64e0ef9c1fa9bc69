// A listing's photos: one large image and a row of thumbnails as buttons. Arrow keys, Home and End
// move between thumbnails (a roving tab stop), so the row is one Tab stop for keyboard users.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { BookImage as Photo } from '@reshelf/shared';
import { BookImage } from '../../../components/ui/book-image';
import { cn } from '../../../lib/cn';

export interface PhotoGalleryProps {
  images: Photo[];
  title: string;
}

export function PhotoGallery({ images, title }: PhotoGalleryProps) {
  const [selected, setSelected] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const current = images[selected] ?? images[0];

  if (!current) {
    return (
      <div className="overflow-hidden rounded-card border border-ink-200 bg-ink-100">
        <BookImage src={undefined} alt="No photos" width={960} height={1200} loading="eager" className="aspect-[4/5] h-auto w-full object-contain" />
      </div>
    );
  }

  const select = (index: number) => {
    const next = (index + images.length) % images.length;
    setSelected(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowDown: selected + 1,
      ArrowLeft: selected - 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-card border border-ink-200 bg-ink-100">
        <BookImage
          src={current.url}
          loading="eager"
          alt={`${title}, photo ${selected + 1} of ${images.length}`}
          width={960}
          height={1200}
          className="aspect-[4/5] h-auto w-full object-contain"
        />
      </div>
      {images.length > 1 && (
        <div role="group" aria-label="Photos" className="flex gap-2 overflow-x-auto pb-1" onKeyDown={onKeyDown}>
          {images.map((image, index) => (
            <button
              key={image.url}
              ref={(node) => {
                buttons.current[index] = node;
              }}
              type="button"
              tabIndex={index === selected ? 0 : -1}
              aria-pressed={index === selected}
              aria-label={`Show photo ${index + 1} of ${images.length}`}
              onClick={() => setSelected(index)}
              className={cn(
                'shrink-0 overflow-hidden rounded-xl border-2 transition-colors',
                index === selected ? 'border-brand-600' : 'border-transparent hover:border-ink-300',
              )}
            >
              <BookImage src={image.thumbUrl} width={64} height={80} className="h-20 w-16 object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
