// The owner's edit of a listing (PATCH /books/:id): every detail, from the title and ISBN to the notes,
// so a listing declined for wrong details is corrected rather than withdrawn and listed again; and,
// optionally, a new set of 4 to 6 photos with upload progress. A listing that changes goes back to
// review, and the dialog says so before saving. Only what changed is sent.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useController, type Control } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  MESSAGES,
  listingEditFormSchema,
  toIsbn13,
  type Book,
  type CourseInput,
  type FilteredListingField,
  type ListingEditBody,
  type ListingField,
} from '@reshelf/shared';
import { Checkbox } from '../../components/ui/checkbox';
import { Button } from '../../components/ui/button';
import { Dialog, DIALOG_FOOTER } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { keepRangesTogether } from '../../components/ui/range-text';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { firstError } from '../../lib/form';
import { useSchemaForm } from '../../lib/schema-form';
import { serverErrorText } from '../../lib/session';
import { editListing, sellingKeys } from './api';
import { CourseCodes, useEditionCourses } from './course-codes';
import { CATEGORY_OPTIONS, CONDITION_OPTIONS, FILTERED_FIELDS, LANGUAGE_OPTIONS, STUDY_LEVEL_OPTIONS, filterListingInput } from './listing-input';
import type { UploadProgress } from './photo-upload';
import { ImagePicker, revokePreview, type PickedImage } from './sell/image-picker';
import { useLast } from './use-last';

export const LISTING_UPDATED = 'Listing updated';
export const LISTING_UPDATE_FAILED = 'Failed to update listing';
export const NOTHING_CHANGED = 'Nothing has changed';
export const BACK_TO_REVIEW = 'Saving changes sends this listing back for review; buyers will not see it until it is approved again.';

type EditValues = Record<ListingField, string> & { courses: CourseInput[] };

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
    courses: book.courses,
  };
}

/**
 * The checked fields that differ from the listing as it is. The schema turns the ISBN into its ISBN-13,
 * so the listing's own is compared in that form too: an ISBN left as it was is not a change.
 */
function changesOf(book: Book, edit: ListingEditBody): ListingEditBody {
  const current: Record<string, unknown> = { ...book, isbn: toIsbn13(book.isbn) ?? book.isbn, additionalNotes: book.additionalNotes ?? null };
  // Courses are a list: the same codes in the same order are no change.
  const same = (name: string, value: unknown) => (name === 'courses' ? JSON.stringify(value) === JSON.stringify(book.courses) : value === current[name]);
  return Object.fromEntries(Object.entries(edit).filter(([name, value]) => value !== undefined && !same(name, value))) as ListingEditBody;
}

export function EditListingDialog({ book, onClose }: { book: Book | null; onClose: () => void }) {
  const shown = useLast(book);
  return (
    <Dialog open={book !== null} onClose={onClose} title="Edit listing" description={shown?.title} size="lg">
      {shown && <EditForm key={shown.id} book={shown} onDone={onClose} />}
    </Dialog>
  );
}

/** A text field whose keystrokes pass the listing's filters (a keystroke they refuse changes nothing). */
function ListingText({
  control,
  name,
  inputMode,
  onEdit,
}: {
  control: Control<EditValues, unknown, ListingEditBody>;
  name: ListingField;
  inputMode?: 'decimal' | 'numeric';
  /** Called after each accepted keystroke (the field's problem goes as it is being fixed). */
  onEdit: () => void;
}) {
  const { field } = useController({ control, name });
  return (
    <Input
      ref={field.ref}
      name={field.name}
      autoComplete="off"
      value={field.value}
      inputMode={inputMode}
      onBlur={field.onBlur}
      onChange={(event) => {
        const accepted = FILTERED_FIELDS.has(name) ? filterListingInput(name as FilteredListingField, event.target.value) : event.target.value;
        if (accepted === null) return;
        field.onChange(accepted);
        onEdit();
      }}
    />
  );
}

function EditForm({ book, onDone }: { book: Book; onDone: () => void }) {
  const client = useQueryClient();
  const form = useSchemaForm<EditValues, ListingEditBody>(listingEditFormSchema, valuesOf(book), { shouldFocusError: false });
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const [replacePhotos, setReplacePhotos] = useState(false);
  const [photos, setPhotos] = useState<PickedImage[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // Previews are object URLs: release the ones still shown when the dialog closes.
  const shownPhotos = useRef(photos);
  shownPhotos.current = photos;
  useEffect(() => () => shownPhotos.current.forEach(revokePreview), []);
  const tooFewPhotos = replacePhotos && photos.length < LIMITS.minImages;
  const suggestedCourses = useEditionCourses(form.watch('isbn')).data;

  const save = async (edit: ListingEditBody) => {
    const changes = changesOf(book, edit);
    if (Object.keys(changes).length === 0 && !replacePhotos) {
      busy.current = false;
      toast.info(NOTHING_CHANGED);
      onDone();
      return;
    }
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
      if (error instanceof ApiError && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) form.setError(name as ListingField, { type: 'server', message });
      }
      toast.error(serverErrorText(error, LISTING_UPDATE_FAILED));
    } finally {
      busy.current = false;
      setSaving(false);
      setProgress(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A ref, not state: a second tap before React re-renders must not save twice.
    if (busy.current) {
      event.preventDefault();
      return;
    }
    busy.current = true;
    void form.handleSubmit(save, (errors) => {
      busy.current = false;
      const first = firstError(errors);
      if (!first) return;
      toast.error(first.message);
      document.getElementById(`edit-${first.name}`)?.focus();
    })(event);
  };

  const field = (name: ListingField, label: string, control: ReactNode, required = true) => (
    <FormField form={form} name={name} id={`edit-${name}`} label={label} required={required}>
      {control}
    </FormField>
  );

  const text = (name: ListingField, extra: { inputMode?: 'decimal' | 'numeric' } = {}) => (
    <ListingText control={form.control} name={name} inputMode={extra.inputMode} onEdit={() => form.clearErrors(name)} />
  );

  const select = (name: ListingField, choices: { value: string; label: string }[]) => <Select {...form.field(name)} options={choices} />;

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-w-0 flex-col gap-4">
      {book.status !== 'pending' && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">{BACK_TO_REVIEW}</p>
      )}
      {book.declineReason && book.status === 'declined' && (
        <p className="rounded-xl bg-red-50 px-4 py-3 text-sm break-words text-red-900 ring-1 ring-red-200">
          <span className="font-semibold">Why it was declined:</span> {keepRangesTogether(book.declineReason)}
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
      <FormField form={form} name="courses" id="edit-courses" label="Course codes (optional)" hint="The courses this book is used for at your university">
        <Controller
          control={form.control}
          name="courses"
          render={({ field: courses }) => (
            <CourseCodes
              id="edit-courses"
              value={courses.value}
              onChange={(next) => {
                courses.onChange(next);
                form.clearErrors('courses');
              }}
              university={book.seller.university}
              suggestions={suggestedCourses}
              disabled={saving}
            />
          )}
        />
      </FormField>
      {field('description', 'Description', <Textarea {...form.field('description')} rows={4} />)}
      {field('additionalNotes', 'Additional Notes (optional)', <Textarea {...form.field('additionalNotes')} rows={2} />, false)}
      <Checkbox checked={replacePhotos} onChange={(event) => setReplacePhotos(event.target.checked)} label="Replace the photos" disabled={saving} />
      {replacePhotos && <ImagePicker images={photos} onChange={setPhotos} disabled={saving} progress={progress?.photos} />}
      <div className={`mt-2 ${DIALOG_FOOTER}`}>
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
