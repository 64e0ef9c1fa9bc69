// Sell a Book (/seller/sell): the three-step listing wizard with keystroke filters, per-step checks, 4 to
// 6 photos scaled down before they are sent, upload progress per photo and overall, a retry after a
// dropped connection, a draft that survives a reload, and the success dialog.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { ArrowLeft, ArrowRight, CheckCircle2, Info, RotateCcw, Send, WifiOff } from 'lucide-react';
import {
  LIMITS,
  MESSAGES,
  WIZARD_STEPS,
  fieldErrors,
  listingFormSchema,
  wizardStepSchema,
  type FilteredListingField,
  type ListingField,
} from '@reshelf/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FormField } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { keepRangesTogether } from '../../../components/ui/range-text';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { firstError } from '../../../lib/form';
import { refusal } from '../../../lib/schema-form';
import { serverErrorText, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { prefersReducedMotion } from '../../../lib/motion';
import { sellingKeys } from '../api';
import { CourseCodes, useEditionCourses } from '../course-codes';
import { CATEGORY_OPTIONS, CONDITION_OPTIONS, FILTERED_FIELDS, LANGUAGE_OPTIONS, STUDY_LEVEL_OPTIONS, filterListingInput } from '../listing-input';
import { newIdempotencyKey, uploadListing, type UploadProgress } from '../photo-upload';
import { ImagePicker, revokePreview, type PickedImage } from './image-picker';
import { ScanBarcode } from './scan-barcode';
import { EditionPrefill, PriceGuidance, USED_PRICE_RULE } from './edition-help';
import { StepIndicator } from './step-indicator';
import {
  clearDraft,
  emptyValues,
  hasValues,
  loadDraft,
  saveDraft,
  stepOf,
  type WizardStepNumber,
  type WizardValues,
} from './wizard-draft';

/** Beside a field, 'required' reads better as a short note; the toast carries the full sentence. */
export const FIELD_REQUIRED = 'This field is required';

const inlineMessage = (message: string | undefined) => (message === MESSAGES.requiredFields ? FIELD_REQUIRED : message);

/** Steps 1 and 2 check their own fields (Next); step 3 checks the whole listing (List Book). */
const wizardResolver: Resolver<WizardValues, { step: WizardStepNumber }> = (values, context) => {
  const step = context?.step ?? 1;
  const result = (step < 3 ? wizardStepSchema(step) : listingFormSchema).safeParse(values);
  return result.success ? { values, errors: {} } : refusal<WizardValues>(fieldErrors(result.error));
};

const yearRangeMessage = () => `Publication year must be between ${LIMITS.publicationYearMin} and ${new Date().getFullYear()}`;

function fieldId(field: ListingField): string {
  return `sell-${field}`;
}

/** The id of the wizard's one problem toast. */
const PROBLEM_TOAST = 'sell-problem';

/** Bytes as en-ZA megabytes with one decimal, e.g. '1,4 MB'. */
function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1).replace('.', ',')} MB`;
}

function OverallProgress({ progress }: { progress: UploadProgress }) {
  const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const label = !progress.total
    ? 'Preparing your photos…'
    : percent >= 100
      ? 'Photos sent. Checking them…'
      : `Sending your listing: ${megabytes(progress.loaded)} of ${megabytes(progress.total)}`;
  return (
    <div className="mt-4 rounded-xl bg-ink-50 px-4 py-3 ring-1 ring-ink-200">
      <div className="flex flex-wrap justify-between gap-x-3 text-sm text-ink-800">
        <span id="sell-upload-label">{label}</span>
        <span className="font-semibold">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="sell-upload-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-ink-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function SellPage() {
  usePageTitle('Sell a Book', 'List a second-hand textbook on Reshelf in three short steps.');
  const { student } = useSession();
  const studentId = student?.id ?? 'anonymous';
  const client = useQueryClient();

  const [initial] = useState(() => loadDraft(studentId));
  const [step, setStep] = useState<WizardStepNumber>(initial.step);
  const form = useForm<WizardValues, { step: WizardStepNumber }>({
    defaultValues: initial.values,
    resolver: wizardResolver,
    context: { step },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control }) as WizardValues;
  const errorOf = (name: ListingField) => inlineMessage(form.formState.errors[name]?.message);
  const [restored, setRestored] = useState(() => hasValues(initial.values));
  const suggestedCourses = useEditionCourses(values.isbn ?? '').data;
  const [images, setImages] = useState<PickedImage[]>([]);
  const [isSubmitting, setSubmitting] = useState(false);
  const submitting = useRef(false);
  const problemShown = useRef(false);
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [uploadFailed, setUploadFailed] = useState(false);
  // One key per listing attempt, kept across Try again: if the server stored the listing but the answer
  // was lost, the retry gets that listing back instead of listing the book a second time. Anything the
  // seller changes makes it a new attempt.
  const attemptKey = useRef<string | null>(null);
  const [listed, setListed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  // The text draft follows every change; photos cannot be stored in localStorage.
  useEffect(() => {
    if (!listed) saveDraft(studentId, { values, step });
  }, [studentId, values, step, listed]);

  // Previews still shown when the page closes are released with it.
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  });
  useEffect(() => () => imagesRef.current.forEach(revokePreview), []);

  // After Next or Previous, start the new step at its heading (for screen readers and short screens).
  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [step]);

  const goTo = (next: WizardStepNumber) => {
    stepChanged.current = true;
    setStep(next);
  };

  const setField = (field: ListingField, value: string, change: (value: string) => void) => {
    // The seller is fixing what the toast named: it goes, so it does not sit over the buttons meanwhile
    // (the field keeps its own message until it is fixed).
    if (problemShown.current) {
      problemShown.current = false;
      toast.dismiss(PROBLEM_TOAST);
    }
    attemptKey.current = null;
    change(value);
    form.clearErrors(field);
  };

  const onText =
    (field: ListingField, change: (value: string) => void) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const raw = event.target.value;
      if (!FILTERED_FIELDS.has(field)) {
        setField(field, raw, change);
        return;
      }
      if (field === 'publicationYear' && raw.length > 4) {
        // A fifth character is never kept; it is the moment the typed year is checked.
        const typed = form.getValues('publicationYear');
        const year = Number(typed);
        if (typed.length === 4 && (year < LIMITS.publicationYearMin || year > new Date().getFullYear())) {
          form.setError('publicationYear', { type: 'validation', message: yearRangeMessage() });
        }
        return;
      }
      const accepted = filterListingInput(field as FilteredListingField, raw);
      if (accepted !== null) setField(field, accepted, change);
    };

  const focusField = (field: string) => {
    // After React paints the step that holds the field.
    window.setTimeout(() => document.getElementById(fieldId(field as ListingField))?.focus(), 0);
  };

  // The toast names the first problem in the field's own words (a year of 2099 is out of range, not
  // missing); missing fields keep the product's sentence. One id, so a fixed step can take it away.
  const showProblem = (first: { name: string; message: string } | null) => {
    toast.error(first?.message || MESSAGES.requiredFields, { id: PROBLEM_TOAST });
    problemShown.current = true;
    if (first) focusField(first.name);
  };

  const next = form.handleSubmit(
    () => {
      problemShown.current = false;
      toast.dismiss(PROBLEM_TOAST);
      if (step < 3) goTo((step + 1) as WizardStepNumber);
    },
    (errors) => showProblem(firstError(errors)),
  );

  const previous = () => {
    form.clearErrors();
    toast.dismiss(PROBLEM_TOAST);
    if (step > 1) goTo((step - 1) as WizardStepNumber);
  };

  const changeImages = (next: PickedImage[]) => {
    attemptKey.current = null;
    setImages(next);
  };

  const resetAll = () => {
    attemptKey.current = null;
    setUploadFailed(false);
    images.forEach(revokePreview);
    setImages([]);
    form.reset(emptyValues());
    setRestored(false);
    clearDraft(studentId);
    goTo(1);
  };

  const submit = () => {
    // A ref, not state: a second tap before React re-renders must not send the listing twice.
    if (submitting.current || images.length < LIMITS.minImages) return;
    submitting.current = true;
    void form.handleSubmit(send, (errors) => {
      submitting.current = false;
      const first = firstError(errors);
      if (first && stepOf(first.name) !== step) goTo(stepOf(first.name));
      showProblem(first);
    })();
  };

  const send = async (listing: WizardValues) => {
    const result = listingFormSchema.safeParse(listing);
    if (!result.success) {
      submitting.current = false;
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    setSubmitting(true);
    setUploadFailed(false);
    toast.dismiss(PROBLEM_TOAST);
    setUpload({ loaded: 0, total: 0, photos: images.map(() => 0) });
    try {
      const photos = await Promise.all(images.map((image) => image.prepared));
      // A large photo that could not be scaled down after all would only be refused after a long upload.
      if (photos.some((photo) => photo.size > LIMITS.maxImageBytes)) {
        toast.error(MESSAGES.imageTooLarge);
        return;
      }
      await uploadListing({ method: 'POST', path: '/books', bookData: result.data, photos, onProgress: setUpload, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      clearDraft(studentId);
      setListed(true);
      toast.success(MESSAGES.bookListed);
      void client.invalidateQueries({ queryKey: sellingKeys.books });
    } catch (error) {
      // The connection dropped or stalled: everything typed and picked is still here to send again, and
      // the alert by the buttons says so (a toast would only cover its Try again).
      if (error instanceof ApiError && error.status === 0) {
        setUploadFailed(true);
        return;
      }
      if (error instanceof ApiError && error.fields) {
        const listingFields = Object.entries(error.fields).filter(([name]) => (Object.keys(listing) as string[]).includes(name));
        const first = listingFields[0]?.[0];
        if (first) {
          form.clearErrors();
          for (const [name, message] of listingFields) form.setError(name as ListingField, { type: 'server', message });
          if (stepOf(first) !== step) goTo(stepOf(first));
          focusField(first);
        }
      }
      toast.error(serverErrorText(error, MESSAGES.listingFailed));
    } finally {
      submitting.current = false;
      setSubmitting(false);
      setUpload(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a field of steps 1 and 2 means Next; only step 3 submits.
    if (step < 3) void next();
    else submit();
  };

  const listAnother = () => {
    setListed(false);
    resetAll();
  };

  const field = (name: ListingField, label: string, control: ReactNode, hint?: ReactNode, required = true) => (
    <Field id={fieldId(name)} label={label} error={errorOf(name)} hint={hint} required={required}>
      {control}
    </Field>
  );

  /** A control of the form: its value lives in the form, its keystrokes pass the listing's filters. */
  const controlled = (name: ListingField, render: (props: { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void; onBlur: () => void }) => ReactNode) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <>{render({ name, value: field.value, onChange: onText(name, field.onChange), onBlur: field.onBlur })}</>}
    />
  );

  const text = (name: ListingField, extra: Partial<ComponentProps<typeof Input>> = {}) =>
    controlled(name, (props) => <Input {...props} autoComplete="off" {...extra} />);

  const current = WIZARD_STEPS[step - 1]!;
  const tooFewImages = images.length < LIMITS.minImages;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Sell a Book</h1>
      <p className="mt-1 text-ink-600">List your textbook in three short steps. Every listing is reviewed before it goes live.</p>

      {restored && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
          <span className="flex items-center gap-2">
            <Info aria-hidden="true" size={18} /> We restored the details you entered last time.
          </span>
          <Button variant="ghost" size="sm" onClick={resetAll}>
            Start over
          </Button>
        </div>
      )}

      <div className="mt-6">
        <StepIndicator step={step} />
      </div>

      <form noValidate onSubmit={onSubmit} className="mt-6" aria-labelledby="sell-step-heading">
        <Card className="p-5 sm:p-8">
          <h2 id="sell-step-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ink-900 outline-none">
            {current.title}
          </h2>

          {step === 1 && (
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              {field('title', 'Title', text('title', { placeholder: 'e.g. Calculus' }))}
              {field('author', 'Author', text('author', { placeholder: 'e.g. James Stewart', autoComplete: 'off' }))}
              {/* A row of its own from tablet width up, so Scan barcode fits beside the field. */}
              <Field id={fieldId('isbn')} label="ISBN" error={errorOf('isbn')} hint="10 or 13 digits; hyphens and spaces allowed" required className="sm:col-span-2">
                <div className="flex flex-wrap gap-2">
                  {text('isbn', { placeholder: 'e.g. 978-1-285-74155-0', inputMode: 'text', className: 'min-w-0 flex-1 basis-44' })}
                  <ScanBarcode onIsbn={(isbn13) => setField('isbn', isbn13, (v) => form.setValue('isbn', v))} />
                </div>
              </Field>
              {student && (
                <FormField
                  form={form}
                  name="courses"
                  id="sell-courses"
                  label="Course codes (optional)"
                  hint="The courses this book is used for at your university, so students of those courses find it"
                  className="sm:col-span-2"
                >
                  <Controller
                    control={form.control}
                    name="courses"
                    render={({ field: courses }) => (
                      <CourseCodes
                        id="sell-courses"
                        value={courses.value}
                        onChange={(next) => {
                          attemptKey.current = null;
                          courses.onChange(next);
                          form.clearErrors('courses');
                        }}
                        university={student.university}
                        suggestions={suggestedCourses}
                      />
                    )}
                  />
                </FormField>
              )}
              {field('publisher', 'Publisher', text('publisher', { placeholder: 'e.g. Cengage' }))}
              {field('publicationYear', 'Publication Year', text('publicationYear', { inputMode: 'numeric', placeholder: 'e.g. 2019' }))}
              {field('edition', 'Edition', text('edition', { placeholder: 'e.g. 8th' }))}
              <EditionPrefill isbn={values.isbn} values={values} onFill={(name, value) => setField(name, value, (v) => form.setValue(name, v))} />
            </div>
          )}

          {step === 2 && (
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              {field(
                'language',
                'Language',
                controlled('language', (props) => <Select {...props} placeholder="Select language" options={LANGUAGE_OPTIONS} />),
              )}
              {field(
                'category',
                'Category',
                controlled('category', (props) => <Select {...props} placeholder="Select category" options={CATEGORY_OPTIONS} />),
              )}
              {field(
                'studyLevel',
                'Study Level',
                controlled('studyLevel', (props) => <Select {...props} placeholder="Select study level" options={STUDY_LEVEL_OPTIONS} />),
              )}
              {field(
                'condition',
                'Condition',
                controlled('condition', (props) => <Select {...props} placeholder="Select condition" options={CONDITION_OPTIONS} />),
              )}
              {field(
                'price',
                'Price (R)',
                text('price', { inputMode: 'decimal', placeholder: 'e.g. 450.00' }),
                keepRangesTogether(USED_PRICE_RULE),
              )}
              <PriceGuidance isbn={values.isbn} onUse={(price) => setField('price', price, (v) => form.setValue('price', v))} />
              {field('numberOfPages', 'Number of Pages', text('numberOfPages', { inputMode: 'numeric', placeholder: 'e.g. 1368' }))}
            </div>
          )}

          {step === 3 && (
            <div className="mt-5 flex flex-col gap-5">
              <fieldset>
                <legend className="text-sm font-semibold text-ink-800">
                  Photos
                  <span aria-hidden="true" className="ml-0.5 text-red-700">
                    *
                  </span>
                </legend>
                <p className="mt-1 mb-3 text-sm text-ink-600">
                  Add {LIMITS.minImages} to {LIMITS.maxImages} clear photos: the cover, the spine, a few inside pages and any
                  damage. Photos are not kept in your draft, so add them again if you reload the page.
                </p>
                <ImagePicker images={images} onChange={changeImages} disabled={isSubmitting} progress={upload?.photos} />
              </fieldset>
              {field(
                'description',
                'Description',
                controlled('description', (props) => (
                  <Textarea {...props} rows={5} placeholder="What is the book like? Highlighting, notes, missing pages, which course used it…" />
                )),
              )}
              {field(
                'additionalNotes',
                'Additional Notes (optional)',
                controlled('additionalNotes', (props) => (
                  <Textarea {...props} rows={3} placeholder="Anything else a buyer should know, such as where on campus you can meet" />
                )),
                undefined,
                false,
              )}
            </div>
          )}
        </Card>

        {/* Wraps rather than widening the page: 'Listing Book...' beside Previous does not fit 390 px. */}
        <div className="mt-6 flex flex-wrap gap-3">
          {step > 1 && (
            <Button type="button" variant="outline" size="lg" onClick={previous} disabled={isSubmitting} className="flex-1 sm:flex-none">
              <ArrowLeft aria-hidden="true" size={20} /> Previous
            </Button>
          )}
          <span className="hidden flex-1 sm:block" />
          {step < 3 ? (
            <Button type="submit" size="lg" className="flex-1 sm:flex-none">
              Next <ArrowRight aria-hidden="true" size={20} />
            </Button>
          ) : (
            <Button
              type="submit"
              size="lg"
              loading={isSubmitting}
              disabled={tooFewImages}
              aria-describedby={tooFewImages ? 'sell-submit-hint' : undefined}
              className="flex-1 sm:flex-none"
            >
              {!isSubmitting && <Send aria-hidden="true" size={20} />}
              {isSubmitting ? 'Listing Book...' : 'List Book'}
            </Button>
          )}
        </div>
        {step === 3 && upload && <OverallProgress progress={upload} />}
        {step === 3 && uploadFailed && !isSubmitting && (
          <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <WifiOff aria-hidden="true" size={20} className="shrink-0" />
            <p className="min-w-0 flex-1 basis-48">
              The upload stopped before it finished. Your details and photos are still here: check your connection and try again.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={submit}>
              <RotateCcw aria-hidden="true" size={16} /> Try again
            </Button>
          </div>
        )}
        {step === 3 && tooFewImages && (
          <p id="sell-submit-hint" className="mt-2 text-right text-sm text-ink-600">
            Add at least {LIMITS.minImages} photos to list your book.
          </p>
        )}
      </form>

      <Dialog
        open={listed}
        onClose={listAnother}
        showClose={false}
        icon={<CheckCircle2 aria-hidden="true" size={48} className="text-brand-600" />}
        title={MESSAGES.bookListedTitle}
        description={MESSAGES.bookSubmitted}
        footer={
          <>
            <Button variant="outline" size="lg" onClick={listAnother}>
              List Another Book
            </Button>
            <ButtonLink to="/seller/books" size="lg">
              View My Books
            </ButtonLink>
          </>
        }
      >
        <p className="text-ink-700">
          Your listing is now waiting for review. We will let you know as soon as it is approved and buyers can see it.
        </p>
      </Dialog>
    </div>
  );
}
