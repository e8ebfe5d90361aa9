import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { formatKurusForInput } from '#shared/money.ts';
import {
  formatBpAsPercent,
  platformSettingsFormSchema,
  vatRateCategories,
  type PlatformSettings,
} from '#shared/schemas/platform-settings.ts';
import { ApiErrorAlert } from '../../components/ui/api-error.tsx';
import { AmountField } from '../../components/ui/amount-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { usePlatformSettings, useSavePlatformSettings } from './system-api.ts';
import { adminTexts as t } from './texts.ts';

const s = t.settings;

/** API field → form field, to show the server's validation messages where they belong. */
const formFieldOf = {
  vatRateBp: 'vatRatePercent',
  shippingFeeKurus: 'shippingFeeLira',
  escrowDays: 'escrowDays',
  lowStockThreshold: 'lowStockThreshold',
  freeShippingFromKurus: 'freeShippingFromLira',
  pricesIncludeVat: 'pricesIncludeVat',
  adminNotificationEmail: 'adminNotificationEmail',
  commissionBp: 'commissionPercent',
  withholdingBp: 'withholdingPercent',
  shipGraceDays: 'shipGraceDays',
  inspectionDays: 'inspectionDays',
  invoiceReminderDays: 'invoiceReminderDays',
  utsTrackedCategories: 'utsTrackedCategories',
} as const;

function toFormValues(settings: PlatformSettings) {
  return {
    vatRatePercent: formatBpAsPercent(settings.vatRateBp),
    vatRatesByCategoryPercent: Object.fromEntries(
      vatRateCategories.map((c) => {
        const bp = settings.vatRatesByCategory[c.id];
        return [c.id, bp === undefined ? '' : formatBpAsPercent(bp)];
      }),
    ),
    shippingFeeLira: formatKurusForInput(settings.shippingFeeKurus),
    escrowDays: String(settings.escrowDays),
    lowStockThreshold: String(settings.lowStockThreshold),
    freeShippingFromLira: formatKurusForInput(settings.freeShippingFromKurus),
    pricesIncludeVat: settings.pricesIncludeVat,
    adminNotificationEmail: settings.adminNotificationEmail ?? '',
    commissionPercent: formatBpAsPercent(settings.commissionBp),
    withholdingPercent: formatBpAsPercent(settings.withholdingBp),
    shipGraceDays: String(settings.shipGraceDays),
    inspectionDays: String(settings.inspectionDays),
    invoiceReminderDays: String(settings.invoiceReminderDays),
    utsTrackedCategories: settings.utsTrackedCategories,
  };
}

function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const save = useSavePlatformSettings();
  const { register, handleSubmit, formState, setError, reset, control } = useForm({
    resolver: zodResolver(platformSettingsFormSchema),
    defaultValues: toFormValues(settings),
  });
  const errors = formState.errors;
  const typed = useWatch({
    control,
    name: [
      'shippingFeeLira',
      'escrowDays',
      'lowStockThreshold',
      'freeShippingFromLira',
      'shipGraceDays',
      'inspectionDays',
      'invoiceReminderDays',
    ],
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        vatRateBp: values.vatRatePercent,
        vatRatesByCategory: values.vatRatesByCategoryPercent,
        shippingFeeKurus: values.shippingFeeLira,
        escrowDays: values.escrowDays,
        lowStockThreshold: values.lowStockThreshold,
        freeShippingFromKurus: values.freeShippingFromLira,
        pricesIncludeVat: values.pricesIncludeVat,
        adminNotificationEmail: values.adminNotificationEmail,
        commissionBp: values.commissionPercent,
        withholdingBp: values.withholdingPercent,
        shipGraceDays: values.shipGraceDays,
        inspectionDays: values.inspectionDays,
        invoiceReminderDays: values.invoiceReminderDays,
        utsTrackedCategories: values.utsTrackedCategories,
      });
      reset(toFormValues(saved));
      toast.success(adminMessages.settings.saved);
    } catch (error) {
      for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
        const formField = formFieldOf[field as keyof typeof formFieldOf];
        if (formField) setError(formField, { message });
        // A category's rate comes back as "vatRatesByCategory.<id>".
        const categoryId = field.startsWith('vatRatesByCategory.') ? field.slice('vatRatesByCategory.'.length) : null;
        if (categoryId) setError(`vatRatesByCategoryPercent.${categoryId}`, { message });
      }
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={s.title}>
      <ApiErrorAlert error={save.error} title={adminMessages.settings.saveFailed} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={s.vat}
          inputMode="decimal"
          autoComplete="off"
          hint={s.vatHint}
          error={errors.vatRatePercent?.message}
          {...register('vatRatePercent')}
        />
        <fieldset className="space-y-3 sm:col-span-2" aria-describedby="vat-by-category-hint">
          <legend className="text-sm font-medium">{s.vatByCategory}</legend>
          <p id="vat-by-category-hint" className="text-muted-foreground text-sm">
            {s.vatByCategoryHint}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {vatRateCategories.map((c) => (
              <TextField
                key={c.id}
                label={s.vatForCategory(c.label)}
                inputMode="decimal"
                autoComplete="off"
                error={errors.vatRatesByCategoryPercent?.[c.id]?.message}
                {...register(`vatRatesByCategoryPercent.${c.id}`)}
              />
            ))}
          </div>
        </fieldset>
        <AmountField
          label={s.shipping}
          kind="lira"
          typed={typed[0]}
          hint={s.shippingHint}
          error={errors.shippingFeeLira?.message}
          {...register('shippingFeeLira')}
        />
        <AmountField
          label={s.escrow}
          kind="whole"
          typed={typed[1]}
          hint={s.escrowHint}
          error={errors.escrowDays?.message}
          {...register('escrowDays')}
        />
        <AmountField
          label={s.lowStock}
          kind="whole"
          typed={typed[2]}
          hint={s.lowStockHint}
          error={errors.lowStockThreshold?.message}
          {...register('lowStockThreshold')}
        />
        <AmountField
          label={s.freeShipping}
          kind="lira"
          typed={typed[3]}
          hint={s.freeShippingHint}
          error={errors.freeShippingFromLira?.message}
          {...register('freeShippingFromLira')}
        />
        <TextField
          label={s.commission}
          inputMode="decimal"
          autoComplete="off"
          hint={s.commissionHint}
          error={errors.commissionPercent?.message}
          {...register('commissionPercent')}
        />
        <TextField
          label={s.withholding}
          inputMode="decimal"
          autoComplete="off"
          hint={s.withholdingHint}
          error={errors.withholdingPercent?.message}
          {...register('withholdingPercent')}
        />
        <AmountField
          label={s.shipGrace}
          kind="whole"
          typed={typed[4]}
          hint={s.shipGraceHint}
          error={errors.shipGraceDays?.message}
          {...register('shipGraceDays')}
        />
        <AmountField
          label={s.inspection}
          kind="whole"
          typed={typed[5]}
          hint={s.inspectionHint}
          error={errors.inspectionDays?.message}
          {...register('inspectionDays')}
        />
        <AmountField
          label={s.invoiceReminder}
          kind="whole"
          typed={typed[6]}
          hint={s.invoiceReminderHint}
          error={errors.invoiceReminderDays?.message}
          {...register('invoiceReminderDays')}
        />
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="pricesIncludeVat"
            render={({ field }) => (
              <SwitchField
                label={s.pricesIncludeVat}
                hint={s.pricesIncludeVatHint}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={busy}
              />
            )}
          />
        </div>
        <Controller
          control={control}
          name="utsTrackedCategories"
          render={({ field }) => (
            <fieldset className="space-y-2 sm:col-span-2" aria-describedby="uts-categories-hint">
              <legend className="text-sm font-medium">{adminMessages.settings.utsTrackedCategories}</legend>
              <p id="uts-categories-hint" className="text-muted-foreground text-sm">
                {adminMessages.settings.utsTrackedCategoriesHint}
              </p>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {vatRateCategories.map((c) => {
                  const checked = (field.value ?? []).includes(c.id);
                  return (
                    <label key={c.id} className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={checked}
                        onChange={() =>
                          field.onChange(
                            checked ? (field.value ?? []).filter((id) => id !== c.id) : [...(field.value ?? []), c.id],
                          )
                        }
                      />
                      {c.label}
                    </label>
                  );
                })}
              </div>
              {errors.utsTrackedCategories?.message ? (
                <p role="alert" className="text-destructive text-sm">
                  {errors.utsTrackedCategories.message}
                </p>
              ) : null}
            </fieldset>
          )}
        />
        <div className="sm:col-span-2">
          <TextField
            label={s.adminEmail}
            type="email"
            autoComplete="off"
            hint={s.adminEmailHint}
            error={errors.adminNotificationEmail?.message}
            {...register('adminNotificationEmail')}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? s.saving : s.save}
        </Button>
        <p className="text-sm text-slate-500">
          {s.lastUpdated(formatDateTime(settings.updatedAt), settings.updatedByName)}
        </p>
      </div>
    </form>
  );
}

/** /admin/settings: the platform settings (VAT and whether prices include it, shipping fee and free-shipping limit, escrow and inspection days, low stock, admin e-mail). */
export function PlatformSettingsPage() {
  const settings = usePlatformSettings();
  return (
    <div>
      <AdminPageHeader title={s.title} lead={s.lead} />
      <Card>
        <QueryState query={settings} renderError={(error) => <AdminQueryError error={error} message={s.loadFailed} />}>
          {(data) => <SettingsForm key={data.updatedAt} settings={data} />}
        </QueryState>
      </Card>
    </div>
  );
}
