// Sign Up: the first failing rule is toasted and nothing is sent; on
// success the student is sent to /login after 1.5 s (no automatic login).
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ShoppingBag, Tag } from 'lucide-react';
import {
  LIMITS,
  MESSAGES,
  PRODUCT_NAME,
  SIGNUP_UNIVERSITIES,
  USER_TYPES,
  USER_TYPE_LABELS,
  signupFormSchema,
  type UserType,
} from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { LEAVES_PAGE, toastFirstError, useFirstIssueForm, useSubmitOnce } from '../../../lib/form';
import { areaPath, useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { ProviderButtons } from '../components/provider-buttons';
import { AuthShell, FormHeading, PromoPanel, PromoPoints } from '../components/auth-shell';

interface SignupValues {
  firstName: string;
  lastName: string;
  studentNumber: string;
  university: string;
  userType: UserType | '';
  email: string;
  password: string;
  acceptTerms: boolean;
}

const EMPTY: SignupValues = {
  firstName: '',
  lastName: '',
  studentNumber: '',
  university: '',
  userType: '',
  email: '',
  password: '',
  acceptTerms: false,
};

const UNIVERSITY_OPTIONS = SIGNUP_UNIVERSITIES.map((university) => ({ value: university.id, label: university.label }));
const USER_TYPE_ICONS = { buyer: ShoppingBag, seller: Tag } as const;

const fieldId = (name: keyof SignupValues) => (name === 'userType' ? 'signup-userType-buyer' : `signup-${name}`);

export function SignupPage() {
  usePageTitle('Sign Up', 'Create your free Reshelf account and start buying or selling second-hand textbooks at your university.');
  const { student, isLoading, signup } = useSession();
  const navigate = useNavigate();
  const form = useFirstIssueForm(signupFormSchema, EMPTY);
  const invalid = (name: keyof SignupValues) => (form.formState.errors[name] ? true : undefined);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const { onSubmit, busy } = useSubmitOnce(
    form,
    async (values) => {
      // The terms checkbox is only the form's business; it is never sent.
      const { acceptTerms: _acceptTerms, ...body } = values;
      const result = await signup(body);
      if (result.ok) {
        toast.success(MESSAGES.signupSuccess);
        redirectTimer.current = window.setTimeout(() => {
          navigate('/login', { state: { email: body.email } });
          toast.info(MESSAGES.canLogInNow);
        }, LIMITS.signupRedirectDelayMs);
        return LEAVES_PAGE;
      }
      toast.error(result.busy ? MESSAGES.signupBusy : result.error);
    },
    { onInvalid: toastFirstError(form), onBusy: () => toast.info(MESSAGES.signupBusy) },
  );

  // A signed-in student has nothing to do here (but not while this page's own flow runs, and a remembered
  // student only once the start-up check has confirmed them: see the login page).
  if (student && !isLoading && !busy) return <Navigate to={areaPath(student.role)} replace />;

  return (
    <AuthShell
      aside={
        <PromoPanel eyebrow="Welcome to" title={PRODUCT_NAME}>
          <p className="mt-3 max-w-md text-brand-100 sm:mt-4 sm:text-lg">
            The student marketplace for second-hand textbooks at South African universities.
          </p>
          <PromoPoints />
        </PromoPanel>
      }
    >
      <FormHeading title="Create your account" text="It's free, and takes about a minute." />
      <ProviderButtons />
      <form onSubmit={onSubmit} noValidate aria-label="Sign up" className="mt-8 grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="firstName" quiet label="First Name" id={fieldId('firstName')}>
          <Input autoComplete="given-name" placeholder="First Name" {...form.field('firstName')} />
        </FormField>
        <FormField form={form} name="lastName" quiet label="Last Name" id={fieldId('lastName')}>
          <Input autoComplete="family-name" placeholder="Last Name" {...form.field('lastName')} />
        </FormField>
        <FormField form={form} name="studentNumber" quiet label="Student Number" id={fieldId('studentNumber')}>
          <Input autoComplete="off" placeholder="Student Number" {...form.field('studentNumber')} />
        </FormField>
        <FormField form={form} name="university" quiet label="University" id={fieldId('university')}>
          <Select placeholder="Select University" options={UNIVERSITY_OPTIONS} {...form.field('university')} />
        </FormField>

        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-ink-800">I want to</legend>
          <div
            className={cn(
              'mt-1.5 grid grid-cols-2 gap-1.5 rounded-2xl bg-ink-100 p-1.5',
              invalid('userType') && 'ring-2 ring-red-600',
            )}
          >
            {USER_TYPES.map((type) => {
              const Icon = USER_TYPE_ICONS[type];
              return (
                <label key={type} className="relative cursor-pointer">
                  <input
                    id={`signup-userType-${type}`}
                    type="radio"
                    value={type}
                    className="peer sr-only"
                    {...form.field('userType')}
                  />
                  <span
                    className={cn(
                      'flex h-11 items-center justify-center gap-2 rounded-xl text-sm font-semibold text-ink-700 transition-colors',
                      'peer-checked:bg-white peer-checked:text-brand-800 peer-checked:shadow-sm hover:text-ink-900',
                      'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                    )}
                  >
                    <Icon aria-hidden="true" size={18} />
                    {USER_TYPE_LABELS[type]}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <FormField form={form} name="email" quiet label="Email Address" id={fieldId('email')} className="sm:col-span-2">
          <Input type="email" inputMode="email" autoComplete="email" placeholder="Email Address" {...form.field('email')} />
        </FormField>
        <FormField form={form} name="password" quiet label="Password" id={fieldId('password')} className="sm:col-span-2">
          <PasswordInput autoComplete="new-password" placeholder="Password (min 8 characters)" {...form.field('password')} />
        </FormField>

        <Checkbox
          id={fieldId('acceptTerms')}
          className="sm:col-span-2"
          aria-invalid={invalid('acceptTerms')}
          {...form.field('acceptTerms')}
          label={
            <>
              I agree to the{' '}
              <a
                href="/terms"
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                Terms of Service<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          }
        />

        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full" aria-busy={busy || undefined}>
            {busy ? 'Creating Account...' : `Join ${PRODUCT_NAME}`}
          </Button>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm">
            <Link to="/" className="font-semibold text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline">
              Back to Home
            </Link>
            <span className="text-ink-600">
              Have an account?{' '}
              <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                Login now
              </Link>
            </span>
          </div>
        </div>
      </form>
    </AuthShell>
  );
}
