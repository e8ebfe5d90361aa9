import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { DeliveryAddressInput } from '#shared/schemas/checkout.ts';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { ProvinceSelect } from '../../components/ui/select-field.tsx';

const m = tradingMessages.checkout;

/** The delivery address (spec §3): each control labelled, its error tied to it, postal code optional. */
export function DeliveryAddressFields({
  register,
  errors,
}: {
  register: UseFormRegister<DeliveryAddressInput>;
  errors: FieldErrors<DeliveryAddressInput>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label={m.fullName}
          autoComplete="name"
          required
          error={errors.full_name?.message}
          {...register('full_name')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={m.address}
          autoComplete="street-address"
          rows={3}
          required
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
      <ProvinceSelect
        label={m.city}
        placeholder={m.cityPlaceholder}
        autoComplete="address-level1"
        required
        error={errors.city?.message}
        {...register('city')}
      />
      <TextField
        label={m.district}
        autoComplete="address-level2"
        required
        error={errors.district?.message}
        {...register('district')}
      />
      <TextField
        label={m.postalCode}
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={5}
        error={errors.postal_code?.message}
        {...register('postal_code')}
      />
      <TextField
        label={m.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        hint={m.phoneHint}
        error={errors.phone?.message}
        {...register('phone')}
      />
    </div>
  );
}
