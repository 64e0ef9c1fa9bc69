// Sign out, for the nav bar's account menu and the dashboard's sidebar alike.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';

/**
 * Signs out once however fast it is pressed (a ref, since a double tap's second click can come before the
 * re-render that shows `busy`), then goes to /login. The page stays busy: it is leaving.
 */
export function useSignOut() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const signOut = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    // logout() clears the student even when the server cannot be reached.
    await logout();
    navigate('/login', { replace: true });
  }, [logout, navigate]);
  return { signOut, busy };
}
