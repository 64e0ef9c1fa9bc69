// The owner's edit of a listing (PATCH /books/:id): every detail, from the title and ISBN to the notes,
// so a listing declined for wrong details is corrected rather than withdrawn and listed again; and,
// optionally, a new set of 4 to 6 photos with upload progress. A listing that changes goes back to
// review, and the dialog says so before saving. Only what changed is sent.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITIONS,
  CONDITION_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  LIMITS,
  MESSAGES,
  STUDY_LEVELS,
  STUDY_LEVEL_LABELS,
  fieldErrors,
  firstIssueMessage,
  listingEditFormSchema,
  type Book,
  type FilteredListingField,
  type ListingEditBody,
  type ListingField,
} from '@reshelf/shared';
import { Checkbox } from '../../components/ui/checkbox';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { serverErrorText } from '../../lib/session';
import { editListing, sellingKeys } from './api';
import { normaliseStatus } from './book-status';
import { filterListingInput } from './listing-input';
import type { UploadProgress } from './photo-upload';
import { ImagePicker, revokePreview, type PickedImage } from './sell/image-picker';
import { useLast } from './use-last';

export const LISTING_UPDATED = 'Listing updated';
export const LISTING_UPDATE_FAILED = 'Failed to update listing';
export const NOTHING_CHANGED = 'Nothing has changed';
export const BACK_TO_REVIEW = 'Saving changes sends this listing back for review; buyers will not see it until it is approved again.';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const LANGUAGE_OPTIONS = options(LANGUAGES, LANGUAGE_LABELS);
const CATEGORY_OPTIONS = options(CATEGORIES, CATEGORY_LABELS);
const STUDY_LEVEL_OPTIONS = options(STUDY_LEVELS, STUDY_LEVEL_LABELS);
const CONDITION_OPTIONS = options(CONDITIONS, CONDITION_LABELS);

type EditValues = Record<ListingField, string>;

function valuesOf(book: Book): EditValues {
  return {
    title: book.title,
    author: book.author,
    isbn: book.isbn,
    publisher: book.publisher,
    publicationYear: String(book.publicationYear),
    edition: book.edition,
    language: book.language,
    category: book.category,
    studyLevel: book.studyLevel,
    condition: book.condition,
    price: String(book.price),
    numberOfPages: String(book.numberOfPages),
    description: book.description,
    additionalNotes: book.additionalNotes ?? '',
  };
}

/** The checked fields that differ from the listing as it is. */
function changesOf(book: Book, edit: ListingEditBody): ListingEditBody {
  const current: Record<string, unknown> = { ...book, additionalNotes: book.additionalNotes ?? null };
  return Object.fromEntries(Object.entries(edit).filter(([name, value]) => value !== undefined && value !== current[name])) as ListingEditBody;
}

const FILTERED = new Set<string>(['title', 'author', 'publisher', 'edition', 'price', 'numberOfPages', 'publicationYear', 'isbn']);

export function EditListingDialog({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const shown = useLast(book);
  return (
    <Dialog open={book !== null} onClose={onClose} title="Edit listing" description={shown?.title} size="lg">
      {shown && <EditForm key={shown.id} book={shown} onDone={onClose} />}
    </Dialog>
  );
}

function EditForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const client = useQueryClient();
  const [values, setValues] = useState<EditValues>(() => valuesOf(book));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const [replacePhotos, setReplacePhotos] = useState(false);
  const [photos, setPhotos] = useState<PickedImage[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const set = (name: ListingField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  };
  // Previews are object URLs: release the ones still shown when the dialog closes.
  const shownPhotos = useRef(photos);
  shownPhotos.current = photos;
  useEffect(() => () => shownPhotos.current.forEach(revokePreview), []);
  const tooFewPhotos = replacePhotos && photos.length < LIMITS.minImages;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A ref, not state: a second tap before React re-renders must not save twice.
    if (busy.current) return;
    const parsed = listingEditFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      toast.error(firstIssueMessage(parsed.error));
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`edit-${first}`)?.focus();
      return;
    }
    const changes = changesOf(book, parsed.data);
    if (Object.keys(changes).length === 0 && !replacePhotos) {
      toast.info(NOTHING_CHANGED);
      onDone();
      return;
    }
    setErrors({});
    busy.current = true;
    setSaving(true);
    try {
      const files = replacePhotos ? await Promise.all(photos.map((photo) => photo.prepared)) : undefined;
      // A large photo that could not be scaled down after all would only be refused after a long upload.
      if (files?.some((file) => file.size > LIMITS.maxImageBytes)) {
        toast.error(MESSAGES.imageTooLarge);
        return;
      }
      if (files) setProgress({ loaded: 0, total: 0, photos: files.map(() => 0) });
      await editListing(book.id, changes, files, setProgress);
      toast.success(LISTING_UPDATED);
      await client.invalidateQueries({ queryKey: sellingKeys.books });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(serverErrorText(error, LISTING_UPDATE_FAILED));
    } finally {
      busy.current = false;
      setSaving(false);
      setProgress(null);
    }
  };

  const field = (name: ListingField, label: string, control: ReactNode, required = true) => (
    <Field id={`edit-${name}`} label={label} required={required} error={errors[name]}>
      {control}
    </Field>
  );

  const text = (name: ListingField, extra: { inputMode?: 'decimal' | 'numeric' | 'text' } = {}) => (
    <Input
      name={name}
      autoComplete="off"
      value={values[name]}
      inputMode={extra.inputMode}
      onChange={(event) => {
        if (!FILTERED.has(name)) return set(name, event.target.value);
        const accepted = filterListingInput(name as FilteredListingField, event.target.value);
        if (accepted !== null) set(name, accepted);
      }}
    />
  );

  const select = (name: ListingField, choices: { value: string; label: string }[]) => (
    <Select name={name} value={values[name]} onChange={(event) => set(name, event.target.value)} options={choices} />
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-4">
      {normaliseStatus(book.status) !== 'pending' && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">{BACK_TO_REVIEW}</p>
      )}
      {book.declineReason && normaliseStatus(book.status) === 'declined' && (
        <p className="rounded-xl bg-red-50 px-4 py-3 text-sm break-words text-red-900 ring-1 ring-red-200">
          <span className="font-semibold">Why it was declined:</span> {book.declineReason}
        </p>
      )}
      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        {field('title', 'Title', text('title'))}
        {field('author', 'Author', text('author'))}
        {field('isbn', 'ISBN', text('isbn'))}
        {field('publisher', 'Publisher', text('publisher'))}
        {field('publicationYear', 'Publication Year', text('publicationYear', { inputMode: 'numeric' }))}
        {field('edition', 'Edition', text('edition'))}
        {field('language', 'Language', select('language', LANGUAGE_OPTIONS))}
        {field('category', 'Category', select('category', CATEGORY_OPTIONS))}
        {field('studyLevel', 'Study Level', select('studyLevel', STUDY_LEVEL_OPTIONS))}
        {field('condition', 'Condition', select('condition', CONDITION_OPTIONS))}
        {field('price', 'Price (R)', text('price', { inputMode: 'decimal' }))}
        {field('numberOfPages', 'Number of Pages', text('numberOfPages', { inputMode: 'numeric' }))}
      </div>
      {field(
        'description',
        'Description',
        <Textarea name="description" value={values.description} onChange={(event) => set('description', event.target.value)} rows={4} />,
      )}
      {field(
        'additionalNotes',
        'Additional Notes (optional)',
        <Textarea name="additionalNotes" value={values.additionalNotes} onChange={(event) => set('additionalNotes', event.target.value)} rows={2} />,
        false,
      )}
      <Checkbox checked={replacePhotos} onChange={(event) => setReplacePhotos(event.target.checked)} label="Replace the photos" disabled={saving} />
      {replacePhotos && <ImagePicker images={photos} onChange={setPhotos} disabled={saving} progress={progress?.photos} />}
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
