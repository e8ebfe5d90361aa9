import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { profileMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import { changePasswordBodySchema, type ChangePasswordBody } from '#shared/schemas/account.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { useChangePassword } from './api.ts';
import { accountTexts } from './texts.ts';

const s = settingsMessages;
const empty: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fieldNames = Object.keys(empty) as (keyof ChangePasswordBody)[];

/** Current, new and repeated password; the server ends the user's other sessions on success. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  // Validated on submit, then on change (the default): validating on blur would grow the error
  // texts while the pointer is on its way to the submit button, moving the button away.
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: empty,
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset(empty);
      toast.success(s.passwordUpdated);
    } catch (error) {
      // "Mevcut şifre hatalı" lands under its field; the alert above says what failed.
      setServerFieldErrors(error, setError, fieldNames);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={s.passwordSection}>
      <ApiErrorAlert error={change.error} title={s.passwordFailed} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
          <PasswordField
            label={s.currentPassword}
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        </div>
        <PasswordField
          label={s.newPassword}
          autoComplete="new-password"
          required
          hint={accountTexts.passwordHint}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label={s.confirmPassword}
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? profileMessages.saving : s.changePassword}
      </Button>
    </form>
  );
}
