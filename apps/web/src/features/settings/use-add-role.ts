// Adds buying or selling to the signed-in account (POST /account/roles, docs/decisions/0033-one-account-
// both-roles.md) once however fast the button is tapped; the session then holds the new role, so the area
// behind it opens at once.
import { ROLE_CHANGE_MESSAGES, type StudentResponse, type UserType } from '@reshelf/shared';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api';
import { serverErrorText, useSession } from '../../lib/session';
import { useAction } from '../../lib/use-action';

export function useAddRole() {
  const { setStudent } = useSession();
  const action = useAction({
    mutationFn: (role: UserType) => api<StudentResponse>('/account/roles', { method: 'POST', body: { role } }),
  });
  const add = (role: UserType) =>
    action.run(role, {
      onSuccess: (answer) => {
        setStudent(answer.student);
        toast.success(ROLE_CHANGE_MESSAGES.added[role]);
      },
      onError: (error) => toast.error(serverErrorText(error, ROLE_CHANGE_MESSAGES.addFailed)),
    });
  return { add, busy: action.busy };
}
