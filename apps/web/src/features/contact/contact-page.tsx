// Contact Us: the contact form (sent to POST /api/v1/contact) and the info cards.
import { Link } from 'react-router';
import { useWatch, type Resolver } from 'react-hook-form';
import { Clock, Mail, MapPin, Send } from 'lucide-react';
import { CONTACT_UNIVERSITIES, LIMITS, MESSAGES, contactSchema, type ContactBody, type ContactInput } from '@reshelf/shared';
import { SupportEmailLink } from '../../components/support-email-link';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { Toggle } from '../../components/ui/toggle';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { useSubmitOnce } from '../../lib/form';
import { resolution, useResolvedForm } from '../../lib/schema-form';
import { usePageTitle } from '../../lib/use-page-title';

const UNIVERSITY_OPTIONS = CONTACT_UNIVERSITIES.map((name) => ({ value: name, label: name }));

/** The form holds the message and the consent toggle; only the message is sent. */
interface ContactValues extends ContactInput {
  agreed: boolean;
}

const EMPTY: ContactValues = {
  firstName: '',
  lastName: '',
  studentNumber: '',
  // The 'Select University' placeholder: not a valid choice, so the schema asks for one.
  university: '' as ContactInput['university'],
  email: '',
  message: '',
  website: '',
  agreed: false,
};

// The toggle only enables the button: the shared schema checks the message alone.
const contactResolver: Resolver<ContactValues, unknown, ContactBody> = ({ agreed: _agreed, ...message }) =>
  resolution<ContactValues, ContactBody>(contactSchema.safeParse(message));

const INFO_CARDS = [
  { icon: MapPin, title: 'Location', text: 'Johannesburg, South Africa' },
  {
    icon: Mail,
    title: 'Email',
    text: <SupportEmailLink className="underline-offset-4 hover:underline" />,
  },
  { icon: Clock, title: 'Response time', text: `We reply within ${LIMITS.contactResponseHours} hours` },
] as const;

export function ContactPage() {
  usePageTitle('Contact Us', 'Questions about buying or selling textbooks on Reshelf? Send us a message; we reply within 72 hours.');
  const form = useResolvedForm<ContactValues, ContactBody>(contactResolver, EMPTY);
  const { field, reset, setValue, control } = form;
  const agreed = useWatch({ control, name: 'agreed' });

  const send = async (values: ContactBody) => {
    try {
      await api('/contact', { method: 'POST', body: values });
      toast.success(MESSAGES.contactSent);
      reset(EMPTY);
    } catch {
      toast.error(MESSAGES.contactFailedToast);
    }
  };
  // Sent once however fast the button is tapped; each problem is written under its field, the first focused.
  const { onSubmit, busy } = useSubmitOnce(form, send, { onInvalid: () => {} });

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">Contact Us</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-display">We&rsquo;d love to hear from you</h1>
          <p className="mt-5 text-lg text-ink-600">
            A question about a listing, a meetup or your account? Send us a message and a real person will answer.
          </p>
        </div>

        <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <form
            onSubmit={onSubmit}
            noValidate
            aria-labelledby="contact-form-title"
            className="rounded-card bg-white p-6 shadow-soft ring-1 ring-ink-200/70 sm:p-8"
          >
            <h2 id="contact-form-title" className="text-xl font-bold">
              Send a message
            </h2>
            <div className="mt-6 grid gap-5 sm:grid-cols-2">
              <FormField form={form} name="firstName" label="First name" required>
                <Input autoComplete="given-name" {...field('firstName')} />
              </FormField>
              <FormField form={form} name="lastName" label="Last name" required>
                <Input autoComplete="family-name" {...field('lastName')} />
              </FormField>
              <FormField form={form} name="studentNumber" label="Student number" required>
                <Input autoComplete="off" inputMode="text" {...field('studentNumber')} />
              </FormField>
              <FormField form={form} name="university" label="University" required>
                <Select placeholder="Select University" options={UNIVERSITY_OPTIONS} {...field('university')} />
              </FormField>
              <FormField form={form} name="email" label="Email address" required className="sm:col-span-2">
                <Input type="email" autoComplete="email" inputMode="email" {...field('email')} />
              </FormField>
              <FormField form={form} name="message" label="Message" required className="sm:col-span-2">
                <Textarea rows={6} maxLength={LIMITS.contactMessageMaxLength} {...field('message')} />
              </FormField>
            </div>

            {/* Honeypot: invisible to people, tempting to bots. The server drops messages that fill it. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...field('website')} />
            </div>

            <Toggle
              className="mt-6"
              checked={agreed}
              onCheckedChange={(on) => setValue('agreed', on)}
              ariaLabel="I agree to the privacy policy and terms"
              label={
                <>
                  I agree to the{' '}
                  <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2">
                    privacy policy
                  </Link>{' '}
                  and terms, and allow Reshelf to use my details to answer this message.
                </>
              }
            />

            <Button type="submit" size="lg" className="mt-8 w-full sm:w-auto" disabled={!agreed || busy}>
              <Send aria-hidden="true" size={18} />
              {busy ? 'Sending...' : 'Send Message'}
            </Button>
          </form>

          <aside aria-label="Other ways to reach us" className="flex flex-col gap-4">
            {INFO_CARDS.map(({ icon: Icon, title, text }) => (
              <div key={title} className="flex gap-4 rounded-card bg-white p-6 shadow-soft ring-1 ring-ink-200/70">
                <div aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon size={22} />
                </div>
                {/* min-w-0: the text may be narrower than the e-mail address, which then breaks at the card's edge. */}
                <div className="min-w-0">
                  <h2 className="font-bold">{title}</h2>
                  <p className="mt-1 break-words text-ink-600">{text}</p>
                </div>
              </div>
            ))}
          </aside>
        </div>
      </div>
    </div>
  );
}
