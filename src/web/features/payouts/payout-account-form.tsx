import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { payoutMessages } from '#shared/messages/payouts.tr.ts';
import { payoutAccountBodySchema, type PayoutAccountBody } from '#shared/schemas/payouts.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { usePayoutAccount, useSavePayoutAccount } from './api.ts';

const a = payoutMessages.account;

/** Groups an IBAN in fours for reading ("TR33 0006 1005 …"). */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The payout IBAN and account holder (PUT /api/account/payout-account), checked with the server's schema. */
export function PayoutAccountForm() {
  const account = usePayoutAccount();
  const save = useSavePayoutAccount();
  const { register, handleSubmit, formState, setError, reset } = useForm<PayoutAccountBody>({
    resolver: zodResolver(payoutAccountBodySchema),
    defaultValues: { iban: '', accountHolder: '' },
  });
  useEffect(() => {
    if (account.data) {
      // A refetch (focus, live events) must not wipe what the seller is typing.
      reset(
        {
          iban: account.data.iban ? groupIban(account.data.iban) : '',
          accountHolder: account.data.accountHolder ?? '',
        },
        { keepDirtyValues: true },
      );
    }
  }, [account.data, reset]);
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset({ iban: groupIban(saved.iban ?? ''), accountHolder: saved.accountHolder ?? '' });
      toast.success(a.saved);
    } catch (error) {
      setServerFieldErrors(error, setError, ['iban', 'accountHolder']);
    }
  });
  const busy = formState.isSubmitting || account.isPending;
  return (
    <section
      aria-labelledby="payout-account-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="payout-account-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Landmark aria-hidden="true" className="size-5 text-brand-700" />
        {a.title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{a.lead}</p>
      {account.data && !account.data.iban ? (
        <div className="mt-3">
          <InlineAlert tone="info">{a.missing}</InlineAlert>
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3">
        <ApiErrorAlert error={save.error} />
        <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={a.iban}
            placeholder={a.ibanPlaceholder}
            autoComplete="off"
            spellCheck={false}
            required
            error={errors.iban?.message}
            {...register('iban')}
          />
          <TextField
            label={a.accountHolder}
            autoComplete="name"
            required
            error={errors.accountHolder?.message}
            {...register('accountHolder')}
          />
        </fieldset>
        <Button type="submit" disabled={busy}>
          {a.save}
        </Button>
      </form>
    </section>
  );
}
