import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { provinces } from '#shared/provinces.ts';
import { controlClasses, describedBy, FieldShell, type FieldProps } from './form-field.tsx';

/** A labelled native select (keyboard and screen readers get the platform's own behaviour). */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={controlClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** Turkey's provinces as a labelled select, its empty first choice asking for one (addresses, billing). */
export function ProvinceSelect({
  placeholder,
  ...field
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string }) {
  return (
    <SelectField {...field}>
      <option value="">{placeholder}</option>
      {provinces.map((province) => (
        <option key={province} value={province}>
          {province}
        </option>
      ))}
    </SelectField>
  );
}
