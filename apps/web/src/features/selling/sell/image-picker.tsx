// The wizard's photos: pick 4 to 6 (camera or gallery on a phone), see them, remove any, and watch each
// one go up. Previews are object URLs, revoked as soon as a photo leaves the list (the page revokes the
// rest when it closes). Each photo is scaled down for sending as soon as it is picked.
import { useId, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { IMAGE_MIME_TYPES, LIMITS, MESSAGES, canAddMoreImages, uploadMoreImages } from '@reshelf/shared';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { MAX_PICKED_BYTES, canShrink, shrinkPhoto } from '../photo-upload';

export interface PickedImage {
  id: string;
  file: File;
  /** An object URL for the preview; '' where the browser cannot make one. */
  url: string;
  /** The file to send: `file` scaled down for the upload (or `file` itself where that does not help). */
  prepared: Promise<File>;
}

let nextId = 0;

// One photo at a time: a 12-megapixel photo takes ~48 MB to decode, too much six times over on a cheap phone.
let shrinking: Promise<unknown> = Promise.resolve();

function prepare(file: File): Promise<File> {
  const prepared = shrinking.then(() => shrinkPhoto(file));
  shrinking = prepared.catch(() => undefined);
  return prepared;
}

export function preview(file: File): PickedImage {
  nextId += 1;
  const url = URL.createObjectURL(file);
  return { id: `image-${nextId}`, file, url, prepared: prepare(file) };
}

export function revokePreview(image: PickedImage): void {
  URL.revokeObjectURL(image.url);
}

/** The hint under the photos, worded exactly as in packages/shared/src/messages.ts. */
export function imageCountHint(count: number): string {
  if (count < LIMITS.minImages) return uploadMoreImages(LIMITS.minImages - count);
  if (count >= LIMITS.maxImages) return MESSAGES.maxImagesReached;
  return canAddMoreImages(LIMITS.maxImages - count);
}

const ACCEPT = IMAGE_MIME_TYPES.join(',');

export interface ImagePickerProps {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  disabled?: boolean;
  /** While uploading: how much of each photo has been sent, 0 to 1, in the order shown. */
  progress?: readonly number[] | undefined;
}

export function ImagePicker({ images, onChange, disabled = false, progress }: ImagePickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const fitting: File[] = [];
    let wrongType = false;
    let tooLarge = false;
    for (const file of files) {
      if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) wrongType = true;
      // The server refuses these anyway (413); saying so now saves a slow upload on a phone. A larger
      // camera photo the browser can scale down is taken: its scaled copy is what goes up.
      else if (file.size > (canShrink(file) ? MAX_PICKED_BYTES : LIMITS.maxImageBytes)) tooLarge = true;
      else fitting.push(file);
    }
    if (wrongType) toast.error(MESSAGES.imageType);
    else if (tooLarge) toast.error(MESSAGES.imageTooLarge);
    const room = LIMITS.maxImages - images.length;
    if (fitting.length > room) toast.error(MESSAGES.maxImages);
    const accepted = fitting.slice(0, Math.max(room, 0));
    if (accepted.length > 0) onChange([...images, ...accepted.map(preview)]);
  };

  const remove = (image: PickedImage) => {
    revokePreview(image);
    onChange(images.filter((item) => item.id !== image.id));
  };

  const full = images.length >= LIMITS.maxImages;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    add(Array.from(event.dataTransfer.files));
  };

  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        multiple
        disabled={disabled}
        aria-describedby={hintId}
        className="peer sr-only"
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          // Lets the same photo be picked again after removing it.
          event.target.value = '';
        }}
        onClick={(event) => {
          if (full) {
            event.preventDefault();
            toast.error(MESSAGES.maxImages);
          }
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed px-4 py-6 text-center transition-colors',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-ink-300 bg-ink-50 hover:border-brand-500 hover:bg-brand-50/60',
          (disabled || full) && 'cursor-not-allowed opacity-70',
        )}
      >
        <ImagePlus aria-hidden="true" size={32} className="text-brand-700" />
        <span className="text-base font-semibold text-ink-900">Add photos</span>
        <span className="text-sm text-ink-600">Take photos or choose them from your gallery</span>
      </label>

      <div id={hintId} className="mt-3 space-y-1 text-sm">
        <p className="text-ink-600">{MESSAGES.imageHint}</p>
        <p aria-live="polite" className={cn('font-semibold', images.length < LIMITS.minImages ? 'text-amber-800' : 'text-brand-800')}>
          {imageCountHint(images.length)}
        </p>
      </div>

      {images.length > 0 && (
        <ul aria-label="Selected photos" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((image, index) => (
            <li key={image.id} className="relative overflow-hidden rounded-xl border border-ink-200 bg-white">
              <img src={image.url} alt={`Photo ${index + 1}: ${image.file.name}`} className="aspect-[4/3] w-full object-cover" />
              {index === 0 && !progress && (
                <span className="absolute bottom-2 left-2 rounded-full bg-ink-900/75 px-2 py-0.5 text-xs font-semibold text-white">Cover</span>
              )}
              {progress && <PhotoProgress index={index} share={progress[index] ?? 0} />}
              <button
                type="button"
                onClick={() => remove(image)}
                disabled={disabled}
                aria-label={`Remove image ${index + 1}`}
                className="absolute top-1.5 right-1.5 grid h-11 w-11 place-items-center rounded-full bg-white/95 text-ink-800 shadow-soft hover:bg-red-50 hover:text-red-800"
              >
                <X aria-hidden="true" size={20} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PhotoProgress({ index, share }: { index: number; share: number }) {
  const percent = Math.round(share * 100);
  return (
    <div className="absolute inset-x-0 bottom-0 bg-ink-900/75 px-2 pt-1 pb-1.5 text-white">
      <div
        role="progressbar"
        aria-label={`Photo ${index + 1} upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-white/30"
      >
        <div className="h-full rounded-full bg-white transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-0.5 text-xs font-semibold">{percent === 100 ? 'Sent' : `${percent}%`}</p>
    </div>
  );
}
