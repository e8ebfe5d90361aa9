import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { categories, findCategory, isContactLens } from '#shared/categories.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import {
  catalogueProductInputSchema,
  isFrameCategory,
  type CatalogueProduct,
  type CatalogueProductInput,
  type CatalogueProductValues,
} from '#shared/schemas/catalogue.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';

const f = catalogueMessages.fields;
const a = catalogueMessages.admin;

type FormValues = Record<keyof CatalogueProductValues, string>;
const fieldNames = Object.keys(f) as (keyof CatalogueProductValues)[];

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace('.', ',');
}

/** The form's starting values: an existing product, or a seller's search text (digits read as a barcode). */
function startValues(product: CatalogueProduct | null | undefined, initialQuery: string | undefined): FormValues {
  const query = initialQuery?.trim() ?? '';
  const isBarcode = /^\d{8,14}$/.test(query);
  return {
    brand: product?.brand ?? '',
    modelCode: product?.modelCode ?? '',
    name: product?.name ?? (isBarcode ? '' : query),
    barcode: product?.barcode ?? (isBarcode ? query : ''),
    category: product?.category ?? '',
    subcategory: product?.subcategory ?? '',
    colourCode: product?.colourCode ?? '',
    eyeSizeMm: text(product?.eyeSizeMm),
    bridgeMm: text(product?.bridgeMm),
    templeMm: text(product?.templeMm),
    baseCurveMm: text(product?.baseCurveMm),
    diameterMm: text(product?.diameterMm),
  };
}

export interface CatalogueProductFormProps {
  product?: CatalogueProduct | null;
  initialQuery?: string;
  submitLabel: string;
  /** Toast title when the server refuses the product. */
  failedTitle: string;
  onSubmit: (input: CatalogueProductInput) => Promise<void>;
  onCancel: () => void;
}

/**
 * Every field of a catalogue product, checked with the server's own schema. Frame measures show
 * only for frame categories and base curve/diameter only for contact lenses; hidden fields are
 * unregistered, so they are sent empty. The server's field messages land under their fields.
 */
export function CatalogueProductForm({
  product,
  initialQuery,
  submitLabel,
  failedTitle,
  onSubmit,
  onCancel,
}: CatalogueProductFormProps) {
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<
    FormValues,
    unknown,
    CatalogueProductValues
  >({
    // The inputs hold text; the schema reads numbers and blanks out of it.
    resolver: zodResolver(catalogueProductInputSchema) as unknown as Resolver<
      FormValues,
      unknown,
      CatalogueProductValues
    >,
    defaultValues: startValues(product, initialQuery),
    shouldUnregister: true,
  });
  const [category, subcategory] = useWatch({ control, name: ['category', 'subcategory'] });
  const subcategories = findCategory(category)?.subcategories ?? [];
  const errors = formState.errors;
  const busy = formState.isSubmitting;

  // The save itself belongs to the dialog (onSubmit), so its failure is kept here to show.
  const [failure, setFailure] = useState<unknown>(null);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setServerFieldErrors(error, setError, fieldNames as FieldPath<FormValues>[]);
      setFailure(error);
    }
  });

  const field = (
    name: keyof FormValues,
    options: { required?: boolean; inputMode?: 'numeric' | 'decimal'; maxLength?: number } = {},
  ) => (
    <TextField
      label={f[name]}
      autoComplete="off"
      required={options.required}
      inputMode={options.inputMode}
      maxLength={options.maxLength}
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <ApiErrorAlert error={failure} title={failedTitle} />
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        {field('brand', { required: true, maxLength: 60 })}
        {field('modelCode', { required: true, maxLength: 60 })}
        <div className="sm:col-span-2">{field('name', { required: true, maxLength: 160 })}</div>
        {field('barcode', { inputMode: 'numeric', maxLength: 14 })}
        {field('colourCode', { maxLength: 40 })}
        <SelectField
          label={f.category}
          required
          error={errors.category?.message}
          {...register('category', {
            // A subcategory of the old category no longer applies.
            onChange: () => setValue('subcategory', ''),
          })}
        >
          <option value="">{a.choose}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={f.subcategory}
          error={errors.subcategory?.message}
          disabled={subcategories.length === 0}
          {...register('subcategory')}
        >
          <option value="">{subcategories.length === 0 && category ? a.noSubcategory : a.choose}</option>
          {subcategories.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </fieldset>

      {isFrameCategory(category) ? (
        <fieldset disabled={busy} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{a.frameMeasures}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {field('eyeSizeMm', { inputMode: 'numeric', maxLength: 3 })}
            {field('bridgeMm', { inputMode: 'numeric', maxLength: 3 })}
            {field('templeMm', { inputMode: 'numeric', maxLength: 3 })}
          </div>
        </fieldset>
      ) : null}
      {isContactLens(category, subcategory) ? (
        <fieldset disabled={busy} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-800">{a.lensMeasures}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {field('baseCurveMm', { inputMode: 'decimal', maxLength: 4 })}
            {field('diameterMm', { inputMode: 'decimal', maxLength: 4 })}
          </div>
        </fieldset>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {a.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? a.saving : submitLabel}
        </Button>
      </div>
    </form>
  );
}
