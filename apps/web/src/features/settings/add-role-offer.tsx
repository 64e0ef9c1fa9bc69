// What a signed-in student sees at an area their account has not got the role for (a buyer at /seller,
// say): the area's access-denied message, and the offer to add the role right here. Adding it opens the
// page they asked for; "Not now" does what the guard always did (the denial toast, then /login).
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { MESSAGES, ROLE_CHANGE_MESSAGES, type UserType } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import type { LoginRedirectState } from '../../lib/session';
import { useAddRole } from './use-add-role';

const DENIED: Record<UserType, string> = { buyer: MESSAGES.buyerRequired, seller: MESSAGES.sellerRequired };

export function AddRoleOffer({ role }: { role: UserType }) {
  const { add, busy } = useAddRole();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const notNow = () => {
    toast.error(DENIED[role], { id: 'access-denied' });
    navigate('/login', { replace: true, state: { denied: true } satisfies LoginRedirectState });
  };
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-ink-50 px-4 py-10">
      <section aria-labelledby="add-role-title" className="w-full max-w-md rounded-card bg-white p-6 shadow-soft ring-1 ring-ink-200/70 sm:p-8">
        <Lock aria-hidden="true" size={28} className="text-brand-700" />
        <h1 id="add-role-title" ref={heading} tabIndex={-1} className="mt-3 text-xl font-bold text-ink-900 outline-none">
          {DENIED[role]}
        </h1>
        <p className="mt-2 text-ink-600">{ROLE_CHANGE_MESSAGES.offerIntro[role]}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => add(role)} disabled={busy} aria-busy={busy || undefined} className="sm:flex-1">
            {busy ? ROLE_CHANGE_MESSAGES.cardBusy : ROLE_CHANGE_MESSAGES.cardAction[role]}
          </Button>
          <Button variant="outline" onClick={notNow} disabled={busy} className="sm:flex-1">
            {ROLE_CHANGE_MESSAGES.offerBack}
          </Button>
        </div>
      </section>
    </main>
  );
}
