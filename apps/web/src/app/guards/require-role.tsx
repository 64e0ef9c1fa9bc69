// Keeps the buyer, seller and admin areas to their role: a spinner while the session
// check runs, /login for visitors (remembering where they were going), and an access-denied toast
// plus /login for a signed-in student of another role. A buyer or seller at the other role's area is first
// offered that role (the denial message stays on screen; docs/decisions/0033-one-account-both-roles.md). A visitor with a link to a buyer page that has a
// public twin (the catalogue, a book, the packages: say, a link a friend shared) sees that page instead
// of a login form.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, holdsRole, type Role } from '@reshelf/shared';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useSession, type LoginRedirectState } from '../../lib/session';
import { AddRoleOffer } from '../../features/settings/add-role-offer';

const ACCESS_DENIED_MESSAGES: Record<Role, string> = {
  buyer: MESSAGES.buyerRequired,
  seller: MESSAGES.sellerRequired,
  admin: MESSAGES.adminRequired,
};

function SessionSpinner({ label = 'Checking your session' }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-ink-50 text-brand-700">
      <div className="flex flex-col items-center gap-4">
        <Spinner size="lg" label={label} />
        <p aria-hidden="true" className="text-sm font-medium text-ink-600">
          {label}…
        </p>
      </div>
    </div>
  );
}

function AccessDenied({ role }: { role: Role }) {
  const navigate = useNavigate();
  useEffect(() => {
    // The id keeps React's development double-run from showing it twice.
    toast.error(ACCESS_DENIED_MESSAGES[role], { id: 'access-denied' });
    navigate('/login', { replace: true, state: { denied: true } satisfies LoginRedirectState });
  }, [navigate, role]);
  return null;
}

/** The public page showing what a buyer-area address shows, for a visitor; null when there is none. */
function publicTwin(pathname: string, search: string): string | null {
  const match = /^\/buyer\/(books(?:\/[^/]+)?|editions\/[^/]+|packages)\/?$/.exec(pathname);
  return match ? `/${match[1]}${search}` : null;
}

export interface RequireRoleProps {
  role: Role;
  children: ReactNode;
}

export function RequireRole({ role, children }: RequireRoleProps) {
  const { student, isLoading } = useSession();
  const location = useLocation();

  if (!student) {
    if (isLoading) return <SessionSpinner />;
    const twin = publicTwin(location.pathname, location.search);
    if (twin) return <Navigate to={twin} replace />;
    const state: LoginRedirectState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!holdsRole(student, role)) {
    // Buying and selling can be added to a student's account; the admin area and an admin's account cannot.
    if (role !== 'admin' && student.role !== 'admin') return <AddRoleOffer role={role} />;
    return <AccessDenied role={role} />;
  }
  return <>{children}</>;
}
