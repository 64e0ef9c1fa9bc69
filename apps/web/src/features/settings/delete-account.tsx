// The Danger Zone's account deletion: a confirmation, then a password prompt,
// then DELETE /api/v1/account; every way out says why nothing happened.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AlertTriangle, Trash2 } from 'lucide-react';
import { MESSAGES } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { serverErrorText, useSession } from '../../lib/session';

type Step = 'idle' | 'confirm' | 'password';

export interface DeleteAccountProps {
  /** Whether another settings operation is running (they share one busy flag). */
  isBusy: () => boolean;
  setBusy: (busy: boolean) => void;
}

function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MESSAGES.passwordIncorrect;
    // An unanswered request keeps api()'s own explanation (offline, timeout).
    return error.status === 0 ? error.message : serverErrorText(error, MESSAGES.deleteFailed);
  }
  return MESSAGES.deleteFailed;
}

export function DeleteAccount({ isBusy, setBusy }: DeleteAccountProps) {
  const { clear } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const { setFocus } = form;
  const [deleting, setDeleting] = useState(false);

  // One dialog walks through both steps; the prompt's field gets focus when it appears.
  useEffect(() => {
    if (step === 'password') setFocus('password');
  }, [step, setFocus]);

  const start = () => {
    if (isBusy()) {
      toast.error(MESSAGES.operationBusy);
      return;
    }
    form.reset({ password: '' });
    setStep('confirm');
  };

  const cancel = () => {
    toast.info(step === 'password' ? MESSAGES.deleteCancelledNoPassword : MESSAGES.deleteCancelled);
    setStep('idle');
    form.reset({ password: '' });
  };

  const submitPassword = async ({ password: entered }: { password: string }) => {
    setStep('idle');
    form.reset({ password: '' });
    if (!entered) {
      toast.info(MESSAGES.deleteCancelledNoPassword);
      return;
    }
    if (isBusy()) {
      toast.error(MESSAGES.operationBusy);
      return;
    }
    setBusy(true);
    setDeleting(true);
    try {
      await api('/account', { method: 'DELETE', body: { password: entered } });
      toast.success(MESSAGES.accountDeleted);
      clear();
      navigate('/login', { replace: true });
    } catch (error) {
      toast.error(deleteErrorMessage(error));
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="danger-zone" className="rounded-card border border-red-200 bg-red-50/60 p-5 sm:p-6">
      <h3 id="danger-zone" className="flex items-center gap-2 text-lg font-bold text-red-800">
        <AlertTriangle aria-hidden="true" size={20} />
        Danger Zone
      </h3>
      <p className="mt-2 text-ink-700">
        Deleting your account erases your profile, your sessions and your unsold listings with their photos. This cannot be
        undone.
      </p>
      {/* Not disabled while deleting: a second press explains why nothing happens. */}
      <Button variant="danger" className="mt-5" onClick={start} aria-busy={deleting || undefined}>
        <Trash2 aria-hidden="true" size={18} />
        {deleting ? 'Deleting Account...' : 'Delete Account'}
      </Button>

      <Dialog
        open={step !== 'idle'}
        onClose={cancel}
        role="alertdialog"
        title={step === 'password' ? 'Enter your password' : 'Delete account'}
        description={step === 'password' ? 'Type your password to confirm that this is your account.' : MESSAGES.deleteConfirm}
        size="sm"
        footer={
          step === 'password' ? (
            <>
              <Button key="cancel-password" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
              {/* Its own key: were React to reuse the 'Yes, continue' button, the click that shows this
                  step would end as a submit of the still-empty form. */}
              <Button key="submit-password" variant="danger" type="submit" form="delete-account-password">
                Delete my account
              </Button>
            </>
          ) : (
            <>
              <Button key="cancel-confirm" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
              <Button key="continue" variant="danger" onClick={() => setStep('password')}>
                Yes, continue
              </Button>
            </>
          )
        }
      >
        {step === 'password' && (
          <form id="delete-account-password" onSubmit={form.handleSubmit(submitPassword)} noValidate>
            <Field label="Password" id="delete-account-password-input">
              <PasswordInput autoComplete="current-password" {...form.register('password')} />
            </Field>
          </form>
        )}
      </Dialog>
    </section>
  );
}
