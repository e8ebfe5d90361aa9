import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { resetPasswordBodySchema, type ResetPasswordBody } from '#shared/schemas/auth.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { paths } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useResetPassword } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { authTexts } from './texts.ts';

const a = authMessages;

function ForgotLink() {
  return (
    <p>
      <Link to={paths.forgotPassword} className="rounded font-medium text-brand-700 hover:underline">
        {authTexts.requestNewLink}
      </Link>
    </p>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  // The token is a form value without an input, so the shared body schema checks the whole request.
  const { register, handleSubmit, formState, setError } = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(error, setError, ['newPassword', 'confirmPassword']);
    }
  });

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <InlineAlert tone="success">{a.resetDone}</InlineAlert>
        <ButtonLink to={paths.login} className="w-full">
          {a.loginTitle}
        </ButtonLink>
      </div>
    );
  }
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={a.resetTitle}>
      <ApiErrorAlert error={reset.error}>
        {reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN' ? (
          <Link to={paths.forgotPassword} className="font-semibold underline">
            {authTexts.requestNewLink}
          </Link>
        ) : null}
      </ApiErrorAlert>
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
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? a.resetSubmitting : a.resetSubmit}
      </Button>
    </form>
  );
}

/** /reset-password?token=…: the target of the link in the password-reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  if (!token) {
    return (
      <AuthCard title={a.resetTitle} footer={<ForgotLink />}>
        <InlineAlert tone="error">{a.resetMissingToken}</InlineAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={a.resetTitle} lead={a.resetLead}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
