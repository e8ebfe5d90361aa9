import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { paths } from '../../lib/paths.ts';
import { useSignOut } from '../../lib/session.ts';

/** "Çıkış Yap": sign out, toast, back to /; on failure a toast and the user stays signed in. */
export function useLogout() {
  const navigate = useNavigate();
  const signOut = useSignOut({ leave: () => navigate(paths.home) });
  const logout = async () => {
    try {
      await signOut.mutateAsync();
      toast.success(authMessages.logoutSuccess);
    } catch {
      toast.error(authMessages.logoutFailure);
    }
  };
  return { logout, isPending: signOut.isPending };
}
