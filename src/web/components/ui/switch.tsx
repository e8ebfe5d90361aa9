import { Switch as RadixSwitch } from 'radix-ui';
import { useId } from 'react';
import { Badge } from './badge.tsx';

interface SwitchFieldProps {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A short tag after the label (e.g. "Yakında" on a switch that cannot be used yet). */
  tag?: string;
}

/** A labelled on/off switch (role="switch"), with an optional hint read as its description. */
export function SwitchField({ label, hint, checked, onCheckedChange, disabled, tag }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
          {tag ? (
            <Badge colour="amber" className="ml-2">
              {tag}
            </Badge>
          ) : null}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
      {/* The track is 28 px high; `before:` widens what a finger can hit to 44 px around it. */}
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full before:absolute before:-inset-2 bg-slate-300 transition-colors data-[state=checked]:bg-brand-700 disabled:opacity-60"
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </RadixSwitch.Root>
    </div>
  );
}
