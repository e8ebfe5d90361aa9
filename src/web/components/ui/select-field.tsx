import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
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
