import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { signInBodySchema, type SessionUser, type SignInBody } from '#shared/schemas/auth.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { paths } from '../../lib/paths.ts';
import { useSignIn } from '../../lib/session.ts';

const a = authMessages;
const empty: SignInBody = { email: '', password: '' };

export interface SignInFormProps {
  /** How a failed sign-in is reported: a message in the card, or a toast. */
  errorDisplay: 'inline' | 'toast';
  describeError: (error: unknown) => string;
  /** Runs after the session is set; decides where to go. */
  onSignedIn: (user: SessionUser) => void | Promise<void>;
  /** Runs as a submit starts (the alternate page uses it to stop its "already signed in" redirect). */
  onSubmitStart?: () => void;
}

/** E-mail and password, both required; shared by /login, /auth/login and /auth. */
export function SignInForm({ errorDisplay, describeError, onSignedIn, onSubmitStart }: SignInFormProps) {
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(signInBodySchema),
    defaultValues: empty,
  });
  const email = useWatch({ control, name: 'email' });
  const password = useWatch({ control, name: 'password' });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    onSubmitStart?.();
    let user: SessionUser;
    try {
      ({ user } = await signIn.mutateAsync(values));
    } catch (error) {
      const message = describeError(error);
      if (errorDisplay === 'toast') toast.error(message);
      else setFailure(message);
      return;
    }
    await onSignedIn(user);
  });

  const busy = formState.isSubmitting;
  const isIncomplete = !email?.trim() || !password;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={a.loginTitle}>
      {failure ? <InlineAlert tone="error">{failure}</InlineAlert> : null}
      <fieldset disabled={busy} className="space-y-4">
        <TextField
          label={a.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={a.password}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
      </fieldset>
      <div className="text-right text-sm">
        <Link to={paths.forgotPassword} className="rounded font-medium text-brand-700 hover:underline">
          {a.forgotPassword}
        </Link>
      </div>
      <Button type="submit" disabled={busy || isIncomplete} className="w-full">
        {busy ? a.submitting : a.submit}
      </Button>
    </form>
  );
}
