import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { billingProfileMessages as b } from '#shared/messages/invoices.tr.ts';
import { billingProfileBodySchema, type BillingProfile } from '#shared/schemas/invoices.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ProvinceSelect } from '../../components/ui/select-field.tsx';
import { useBillingProfile, useSaveBillingProfile } from './api.ts';

const fieldNames = ['companyTitle', 'taxOffice', 'address', 'city', 'district', 'isEInvoiceUser'] as const;

function valuesOf(profile: BillingProfile) {
  return {
    companyTitle: profile.companyTitle,
    taxOffice: profile.taxOffice,
    address: profile.address,
    city: profile.city,
    district: profile.district ?? '',
    isEInvoiceUser: profile.isEInvoiceUser,
  };
}

/** The company the store invoices and is invoiced as (PUT /api/me/billing-profile). */
export function BillingProfileForm({ profile }: { profile: BillingProfile }) {
  const save = useSaveBillingProfile();
  const { register, handleSubmit, formState, setError, reset, control } = useForm({
    resolver: zodResolver(billingProfileBodySchema),
    defaultValues: valuesOf(profile),
  });
  const invoiceType = useController({ control, name: 'isEInvoiceUser' });
  const radioName = useId();
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(valuesOf(await save.mutateAsync(values)));
      toast.success(b.saved);
    } catch (error) {
      setServerFieldErrors(error, setError, [...fieldNames]);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={b.title}>
      {profile.isSaved ? null : <p className="text-sm text-slate-600">{b.notSaved}</p>}
      <ApiErrorAlert error={save.error} title={b.saveFailed} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={b.companyTitle}
          autoComplete="organization"
          required
          error={errors.companyTitle?.message}
          {...register('companyTitle')}
        />
        <TextField label={b.taxNumber} value={profile.taxNumber} readOnly hint={b.taxNumberReadOnly} />
        <TextField label={b.taxOffice} required error={errors.taxOffice?.message} {...register('taxOffice')} />
        <div className="sm:col-span-2">
          <TextAreaField
            label={b.address}
            autoComplete="street-address"
            rows={3}
            required
            error={errors.address?.message}
            {...register('address')}
          />
        </div>
        <ProvinceSelect
          label={b.city}
          placeholder={b.city}
          autoComplete="address-level1"
          required
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label={b.district}
          autoComplete="address-level2"
          error={errors.district?.message}
          {...register('district')}
        />
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-slate-900">{b.invoiceType}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {[
              { value: true, label: b.eInvoice },
              { value: false, label: b.eArchive },
            ].map((option) => (
              <label key={String(option.value)} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={radioName}
                  className="size-4 accent-brand-600"
                  checked={invoiceType.field.value === option.value}
                  onChange={() => invoiceType.field.onChange(option.value)}
                  onBlur={invoiceType.field.onBlur}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? b.saving : b.save}
      </Button>
    </form>
  );
}

/** The settings page's "Fatura Bilgileri" section. */
export function BillingProfileSection() {
  const profile = useBillingProfile();
  return (
    <Card title={b.title} description={b.description}>
      <QueryState query={profile} errorText={b.loadFailed}>
        {(data) => <BillingProfileForm key={JSON.stringify(data)} profile={data} />}
      </QueryState>
    </Card>
  );
}
