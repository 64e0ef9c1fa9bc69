// A listing's photos, in one of two arrangements. 'viewer' (the book page): one large photo over a row of
// thumbnails as buttons; arrow keys, Home and End move between the thumbnails (a roving tab stop), so the
// row is one Tab stop. 'grid' (moderation): every photo big enough to judge; tapping one opens it full size
// with Previous and Next.
import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import type { BookImage as Photo } from '@reshelf/shared';
import { BookImage } from './book-image';
import { Button } from './button';
import { Dialog } from './dialog';
import { cn } from '../../lib/cn';

interface Photos {
  images: Photo[];
  title: string;
}

export interface PhotoGalleryProps extends Photos {
  layout: 'viewer' | 'grid';
}

/** Previous from the first photo is the last one, and Next from the last is the first. */
const wrap = (index: number, count: number) => (index + count) % count;

export function PhotoGallery({ layout, ...photos }: PhotoGalleryProps) {
  return layout === 'grid' ? <PhotoGrid {...photos} /> : <PhotoViewer {...photos} />;
}

function PhotoViewer({ images, title }: Photos) {
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
    const next = wrap(index, images.length);
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

function PhotoGrid({ images, title }: Photos) {
  const [open, setOpen] = useState<number | null>(null);
  const [shown, setShown] = useState(0);
  const count = images.length;
  const show = (index: number) => {
    setShown(index);
    setOpen(index);
  };
  const step = (by: number) => {
    const next = wrap(shown + by, count);
    setShown(next);
    setOpen(next);
  };
  const current = images[shown];

  if (count === 0) return <p className="rounded-xl bg-ink-100 p-6 text-center text-sm text-ink-600">No photos</p>;

  return (
    <>
      <ul aria-label={`Photos of ${title}`} className="grid grid-cols-2 content-start gap-2 sm:grid-cols-3">
        {images.map((image, index) => (
          <li key={image.url}>
            <button
              type="button"
              onClick={() => show(index)}
              aria-label={`Enlarge photo ${index + 1} of ${count}`}
              className="group relative block w-full overflow-hidden rounded-xl border border-ink-200 bg-ink-100"
            >
              <BookImage
                src={image.thumbUrl}
                width={320}
                height={240}
                className="aspect-[4/3] w-full object-cover transition-transform duration-200 group-hover:scale-105"
              />
              <span aria-hidden="true" className="absolute right-1.5 bottom-1.5 rounded-full bg-ink-900/70 p-1.5 text-white">
                <Expand size={14} />
              </span>
            </button>
          </li>
        ))}
      </ul>

      <Dialog open={open !== null} onClose={() => setOpen(null)} title={`${title}: photo ${shown + 1} of ${count}`} size="lg">
        {current && (
          <BookImage src={current.url} alt={`Photo ${shown + 1} of ${title}`} loading="eager" className="max-h-[70dvh] w-full rounded-xl bg-ink-100 object-contain" />
        )}
        {count > 1 && (
          <div className="mt-4 flex justify-between gap-3">
            <Button variant="outline" onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" size={18} /> Previous photo
            </Button>
            <Button variant="outline" onClick={() => step(1)}>
              Next photo <ChevronRight aria-hidden="true" size={18} />
            </Button>
          </div>
        )}
      </Dialog>
    </>
  );
}
