// react-hook-form for the forms that say only their first problem, in a toast, and mark that one field
// (sign-in, sign-up, the password forms, the newsletter): the shared schema decides what is wrong, the
// toast says it once, the field it names is marked and focused, and typing in that field clears the mark.
// Forms that write every problem under its field use @hookform/resolvers' zodResolver and <FormField>.
import { useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormHandleSubmit,
} from 'react-hook-form';
import { toast } from '../components/ui/toast';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

interface Schema<TOut> {
  safeParse(value: unknown): { success: true; data: TOut } | { success: false; error: { issues: readonly Issue[] } };
}

/** The schema itself, or a loader for it (to keep zod out of a page's first load until the form is used). */
export type SchemaSource<TOut> = Schema<TOut> | (() => Promise<Schema<TOut>>);

/**
 * A resolver that reports the schema's first problem only, on the top-level field it names ('root' when
 * it names none).
 */
export function firstIssueResolver<TIn extends FieldValues, TOut>(source: SchemaSource<TOut>): Resolver<TIn, unknown, TOut> {
  return async (values) => {
    const schema = typeof source === 'function' ? await source() : source;
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const name = typeof key === 'string' ? key : 'root';
    return { values: {}, errors: { [name]: { type: 'validation', message: issue?.message ?? '' } } as FieldErrors<TIn> };
  };
}

/** The form's first problem: its field's name and its message. */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>): { name: string; message: string } | null {
  for (const [name, error] of Object.entries(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return { name, message };
  }
  return null;
}

/**
 * A form checked on submit against `source` whose first problem is for the caller to show (see
 * `toastFirstError`). Problems are checked again only on the next submit.
 */
export function useFirstIssueForm<TIn extends FieldValues, TOut>(source: SchemaSource<TOut>, defaultValues: DefaultValues<TIn>) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: firstIssueResolver<TIn, TOut>(source),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  /** register() that also clears the field's mark as soon as the student changes it. */
  const field = (name: Path<TIn>) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}

/** Toasts the first problem and focuses its field (`focus` may name the element to focus instead). */
export function toastFirstError(form: { setFocus(name: string): void }, focus?: (name: string) => boolean) {
  return (errors: FieldErrors) => {
    const first = firstError(errors);
    if (!first) return;
    toast.error(first.message);
    if (first.name === 'root') return;
    if (focus?.(first.name)) return;
    form.setFocus(first.name);
  };
}

/** What a submit's handler answers when its success leads away from the page: the form stays busy. */
export const LEAVES_PAGE = 'leaves-page';

export interface SubmitOnceOptions<TIn extends FieldValues> {
  /** The form's problems (the first is usually toasted: `toastFirstError`). */
  onInvalid: (errors: FieldErrors<TIn>) => void;
  /** The check itself failed: its rules could not be loaded (offline on the first submit). */
  onCheckFailed?: () => void;
  /** A submit while the last one is still under way (it is ignored either way). */
  onBusy?: () => void;
}

/**
 * A form's submit that acts once, however fast the button is tapped: the same guard as `useAction` (a ref
 * taken in the submit event itself, since the busy state only reaches the button on the next render),
 * around react-hook-form's check. `busy` turns true once the values pass the check and stays true until
 * `onValid` settles, or for good when it answers LEAVES_PAGE.
 */
export function useSubmitOnce<TIn extends FieldValues, TOut>(
  form: { handleSubmit: UseFormHandleSubmit<TIn, TOut> },
  onValid: (values: TOut) => Promise<typeof LEAVES_PAGE | void> | typeof LEAVES_PAGE | void,
  { onInvalid, onCheckFailed, onBusy }: SubmitOnceOptions<TIn>,
) {
  const [busy, setBusy] = useState(false);
  const taken = useRef(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (taken.current) {
      event.preventDefault();
      onBusy?.();
      return;
    }
    taken.current = true;
    let checked = false;
    let leaving = false;
    const release = () => {
      taken.current = false;
      setBusy(false);
    };
    const submit = form.handleSubmit(
      async (values) => {
        checked = true;
        setBusy(true);
        try {
          leaving = (await onValid(values)) === LEAVES_PAGE;
        } finally {
          if (!leaving) release();
        }
      },
      (errors) => {
        release();
        onInvalid(errors);
      },
    );
    submit(event).catch((error: unknown) => {
      // onValid handles its own failures (one that escapes it is a bug, left to surface).
      if (checked) throw error;
      release();
      onCheckFailed?.();
    });
  };

  return { onSubmit, busy };
}
