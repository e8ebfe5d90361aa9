import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { profileMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import { roleLabel } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { updateProfileBodySchema } from '#shared/schemas/account.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { useUpdateProfile } from './api.ts';

const p = profileMessages;

interface ProfileFormProps {
  user: SessionUser;
  /** The settings tab also shows the e-mail and role, read-only. */
  showAccountFields?: boolean;
  onCancel?: () => void;
  onSaved?: () => void;
}

/** Full name and phone, saved with PUT /api/me/profile (profile page and settings tab). */
export function ProfileForm({ user, showAccountFields = false, onCancel, onSaved }: ProfileFormProps) {
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { fullName: user.fullName, phone: user.phone ?? '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset({ fullName: saved.fullName, phone: saved.phone ?? '' });
      toast.success(p.updated);
      onSaved?.();
    } catch (error) {
      setServerFieldErrors(error, setError, ['fullName', 'phone']);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={settingsMessages.profileSection}>
      <ApiErrorAlert error={update.error} title={p.updateFailed} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={p.fullName}
          autoComplete="name"
          required
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        {showAccountFields ? (
          <TextField label={p.email} type="email" value={user.email} readOnly hint={p.emailReadOnly} />
        ) : null}
        <TextField
          label={p.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        {showAccountFields ? <TextField label={p.role} value={roleLabel(user.role)} readOnly /> : null}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? p.saving : p.save}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {p.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
