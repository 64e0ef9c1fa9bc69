// The owner's edit of a listing (API.md PATCH /books/:id): price, condition, description, notes and,
// optionally, a new set of 4 to 6 photos. An approved listing that changes goes back to review, and the
// dialog says so before saving.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONDITIONS, CONDITION_LABELS, LIMITS, fieldErrors, firstIssueMessage, listingEditFormSchema, type Book } from '@reshelf/shared';
import { Checkbox } from '../../components/ui/checkbox';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { serverErrorText } from '../../lib/session';
import { editListing, sellingKeys } from './api';
import { normaliseStatus } from './book-status';
import { filterListingInput } from './listing-input';
import { ImagePicker, revokePreview, type PickedImage } from './sell/image-picker';
import { useLast } from './use-last';

export const LISTING_UPDATED = 'Listing updated';
export const LISTING_UPDATE_FAILED = 'Failed to update listing';
export const BACK_TO_REVIEW = 'Saving changes sends this listing back for review; buyers will not see it until it is approved again.';

const CONDITION_OPTIONS = CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }));

interface EditValues {
  price: string;
  condition: string;
  description: string;
  additionalNotes: string;
}

function valuesOf(book: Book): EditValues {
  return {
    price: String(book.price),
    condition: book.condition,
    description: book.description,
    additionalNotes: book.additionalNotes ?? '',
  };
}

export function EditListingDialog({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const shown = useLast(book);
  return (
    <Dialog open={book !== null} onClose={onClose} title="Edit listing" description={shown?.title} size="md">
      {shown && <EditForm key={shown.id} book={shown} onDone={onClose} />}
    </Dialog>
  );
}

function EditForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<EditValues>(() => valuesOf(book));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [replacePhotos, setReplacePhotos] = useState(false);
  const [photos, setPhotos] = useState<PickedImage[]>([]);
  const set = (name: keyof EditValues, value: string) => setValues((current) => ({ ...current, [name]: value }));
  // Previews are object URLs: release the ones still shown when the dialog closes.
  const shownPhotos = useRef(photos);
  shownPhotos.current = photos;
  useEffect(() => () => shownPhotos.current.forEach(revokePreview), []);
  const tooFewPhotos = replacePhotos && photos.length < LIMITS.minImages;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const parsed = listingEditFormSchema.safeParse({ ...values, additionalNotes: values.additionalNotes });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error(firstIssueMessage(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await editListing(
        book.id,
        {
          price: parsed.data.price ?? book.price,
          condition: parsed.data.condition ?? book.condition,
          description: parsed.data.description ?? book.description,
          additionalNotes: parsed.data.additionalNotes ?? null,
        },
        replacePhotos ? photos.map((photo) => photo.file) : undefined,
      );
      toast.success(LISTING_UPDATED);
      await client.invalidateQueries({ queryKey: sellingKeys.books });
      onDone();
    } catch (error) {
      toast.error(serverErrorText(error, LISTING_UPDATE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {normaliseStatus(book.status) !== 'pending' && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">{BACK_TO_REVIEW}</p>
      )}
      <Field label="Price (R)" required error={errors.price}>
        <Input
          inputMode="decimal"
          value={values.price}
          onChange={(event) => {
            const accepted = filterListingInput('price', event.target.value);
            if (accepted !== null) set('price', accepted);
          }}
        />
      </Field>
      <Field label="Condition" required error={errors.condition}>
        <Select value={values.condition} onChange={(event) => set('condition', event.target.value)} options={CONDITION_OPTIONS} />
      </Field>
      <Field label="Description" required error={errors.description}>
        <Textarea value={values.description} onChange={(event) => set('description', event.target.value)} rows={4} />
      </Field>
      <Field label="Additional Notes (optional)" error={errors.additionalNotes}>
        <Textarea value={values.additionalNotes} onChange={(event) => set('additionalNotes', event.target.value)} rows={2} />
      </Field>
      <Checkbox
        checked={replacePhotos}
        onChange={(event) => setReplacePhotos(event.target.checked)}
        label="Replace the photos"
      />
      {replacePhotos && <ImagePicker images={photos} onChange={setPhotos} disabled={saving} />}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={tooFewPhotos}>
          {saving ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
