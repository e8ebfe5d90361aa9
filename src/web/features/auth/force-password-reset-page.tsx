import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { forcePasswordResetBodySchema, type ForcePasswordResetBody } from '#shared/schemas/auth.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useForcePasswordReset } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { SessionErrorScreen } from './session-error.tsx';

const a = authMessages;
/** Spec part 1 §4: the success message stays 1 s before the store overview opens. */
const REDIRECT_AFTER_MS = 1000;

function ForcePasswordResetForm() {
  const navigate = useNavigate();
  const forceReset = useForcePasswordReset();
  // The server checks the same schema (mismatch under the confirmation, unmet rules under the password).
  const { control, register, handleSubmit, formState, setError } = useForm<ForcePasswordResetBody>({
    resolver: zodResolver(forcePasswordResetBodySchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const errors = formState.errors;
  const [password, confirmation] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });

  useEffect(() => {
    if (!forceReset.isSuccess) return;
    const timer = setTimeout(() => navigate(paths.storeDashboard, { replace: true }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [forceReset.isSuccess, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forceReset.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(error, setError, ['newPassword', 'confirmPassword']);
    }
  });

  if (forceReset.isSuccess) return <InlineAlert tone="success">{a.forceSuccess}</InlineAlert>;
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label={a.forceTitle}>
      <ApiErrorAlert error={forceReset.error} fallback={a.forceFailure} />
      <fieldset disabled={busy} className="space-y-4">
        <PasswordField
          label={a.newPassword}
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label={a.confirmPassword}
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
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
