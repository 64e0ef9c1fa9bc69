// The settings card that adds the other role to the account: "Start selling" for a buyer, "Start buying"
// for a seller; once the account holds both, it says so and links to the other area. Admins see nothing.
import { ArrowLeftRight, ShoppingBag, Tag } from 'lucide-react';
import { ROLE_CHANGE_MESSAGES, roleToAdd } from '@reshelf/shared';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { AreaSwitch } from './area-switch';
import { useAddRole } from './use-add-role';

const CARD = 'mt-6 rounded-card bg-white p-4 shadow-soft ring-1 ring-ink-200/70 sm:p-8';

export function AddRoleCard() {
  const { student } = useSession();
  const { add, busy } = useAddRole();
  if (!student || student.role === 'admin') return null;
  const role = roleToAdd(student);
  if (!role) {
    return (
      <section aria-labelledby="roles-card-title" className={CARD}>
        <h2 id="roles-card-title" className="flex items-center gap-2 text-lg font-bold text-ink-900">
          <ArrowLeftRight aria-hidden="true" size={20} className="shrink-0 text-brand-700" />
          {ROLE_CHANGE_MESSAGES.bothHeading}
        </h2>
        <p className="mt-1 text-ink-600">{ROLE_CHANGE_MESSAGES.bothIntro}</p>
        <AreaSwitch student={student} from={student.role} className="mt-3 w-fit -ml-3" />
      </section>
    );
  }
  const Icon = role === 'seller' ? Tag : ShoppingBag;
  return (
    <section aria-labelledby="roles-card-title" className={`${CARD} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}>
      <div className="min-w-0">
        <h2 id="roles-card-title" className="flex items-center gap-2 text-lg font-bold text-ink-900">
          <Icon aria-hidden="true" size={20} className="shrink-0 text-brand-700" />
          {ROLE_CHANGE_MESSAGES.cardHeading[role]}
        </h2>
        <p className="mt-1 text-ink-600">{ROLE_CHANGE_MESSAGES.cardIntro[role]}</p>
      </div>
      <Button onClick={() => add(role)} disabled={busy} aria-busy={busy || undefined} className="shrink-0">
        {busy ? ROLE_CHANGE_MESSAGES.cardBusy : ROLE_CHANGE_MESSAGES.cardAction[role]}
      </Button>
    </section>
  );
}
