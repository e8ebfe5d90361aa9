import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { unmetPasswordRules } from '#shared/password-policy.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { paths } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useForcePasswordReset } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { SessionErrorScreen } from './session-error.tsx';

const a = authMessages;
/** Spec part 1 §4: the success message stays 1 s before the store overview opens. */
const REDIRECT_AFTER_MS = 1000;

/** The spec's order: a mismatch first, then the joined list of unmet strong rules. */
function validateNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return a.passwordsDoNotMatch;
  const unmet = unmetPasswordRules(password);
  return unmet.length ? unmet.join(', ') : null;
}

function ForcePasswordResetForm() {
  const navigate = useNavigate();
  const forceReset = useForcePasswordReset();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!forceReset.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.storeDashboard, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [forceReset.isSuccess, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmation);
    setFailure(problem);
    if (problem) return;
    try {
      await forceReset.mutateAsync({ newPassword: password, confirmPassword: confirmation });
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : a.forceFailure);
    }
  };

  if (forceReset.isSuccess) return <InlineAlert tone="success">{a.forceSuccess}</InlineAlert>;
  const busy = forceReset.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={a.forceTitle}>
      {failure ? <InlineAlert tone="error">{failure}</InlineAlert> : null}
      <fieldset disabled={busy} className="space-y-4">
        <PasswordField
          label={a.newPassword}
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={a.confirmPassword}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </fieldset>
      <Button type="submit" disabled={busy || !password || !confirmation} className="w-full">
        {busy ? a.resetSubmitting : a.forceSubmit}
      </Button>
    </form>
  );
}

/** /force-password-reset: a user flagged by an admin (or on approval) picks a new password first. */
export function ForcePasswordResetPage() {
  const session = useSession();
  return (
    <QueryState query={session} renderError={() => <SessionErrorScreen onRetry={() => void session.refetch()} />}>
      {({ user }) =>
        user ? (
          <AuthCard title={a.forceTitle} lead={a.forceLead}>
            <ForcePasswordResetForm />
          </AuthCard>
        ) : (
          <Navigate to={paths.login} replace />
        )
      }
    </QueryState>
  );
}
