import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { authMessages } from '#shared/messages/auth.tr.ts';
import { controlClasses, describedBy, FieldShell, type FieldProps } from './form-field.tsx';

type PasswordFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A password input with a show/hide toggle ("Şifreyi göster" / "Şifreyi gizle", aria-pressed). */
export function PasswordField({ label, error, hint, disabled, ...input }: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${controlClasses} pr-12!`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          disabled={disabled}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? authMessages.hidePassword : authMessages.showPassword}
          aria-pressed={visible}
          aria-controls={id}
          disabled={disabled}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800 disabled:opacity-50"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      </div>
    </FieldShell>
  );
}
