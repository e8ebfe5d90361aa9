import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { forgotPasswordBodySchema, type ForgotPasswordBody } from '#shared/schemas/auth.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { paths } from '../../lib/paths.ts';
import { useForgotPassword } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { authTexts } from './texts.ts';

const a = authMessages;

/** /sifremi-unuttum: always the same answer, whether or not the address has an account. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState, setError } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
    } catch (error) {
      setServerFieldErrors(error, setError, ['email']);
    }
  });

  const busy = formState.isSubmitting;
  const footer = (
    <p>
      <Link to={paths.login} className="rounded font-medium text-brand-700 hover:underline">
        {authTexts.backToLogin}
      </Link>
    </p>
  );
  return (
    <AuthCard title={a.forgotTitle} lead={forgot.isSuccess ? undefined : a.forgotLead} footer={footer}>
      {forgot.isSuccess ? (
        <InlineAlert tone="success">{a.forgotDone}</InlineAlert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={a.forgotTitle}>
          <ApiErrorAlert error={forgot.error} />
          <fieldset disabled={busy}>
            <TextField
              label={a.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              required
              error={formState.errors.email?.message}
              {...register('email')}
            />
          </fieldset>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? a.forgotSubmitting : a.forgotSubmit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
