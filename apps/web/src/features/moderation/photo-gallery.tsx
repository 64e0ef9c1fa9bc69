// Every photo of a listing, big enough to judge; tapping one opens it full size with Previous and Next.
import { useState } from 'react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import type { BookImage as Photo } from '@reshelf/shared';
import { BookImage } from '../../components/ui/book-image';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

export function PhotoGallery({ images, title }: { images: Photo[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [shown, setShown] = useState(0);
  const count = images.length;
  const show = (index: number) => {
    setShown(index);
    setOpen(index);
  };
  const step = (by: number) => {
    const next = (shown + by + count) % count;
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
