import { addDays, addYears, format, parseISO } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { tr } from 'react-day-picker/locale/tr';
import 'react-day-picker/style.css';
import { todayInTurkey } from '#shared/dates.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { formatDate } from '../../lib/format.ts';
import { appNow } from '../../lib/app-clock.ts';

const f = listingMessages.form;

interface ExpiryDatePickerProps {
  /** "2027-03-31" or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  required: boolean;
  disabled?: boolean;
  error?: string;
}

/**
 * The expiry date (miat) with a Turkish calendar: weeks start on Monday, the date shows as
 * dd.MM.yyyy, and today and every earlier day are disabled (an expiry must lie after today).
 */
export function ExpiryDatePicker({ value, onChange, required, disabled, error }: ExpiryDatePickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const selected = value ? parseISO(value) : undefined;
  // Today as it is in Turkey, where the server judges the date too.
  const firstAllowed = addDays(parseISO(todayInTurkey(appNow())), 1);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="space-y-1.5">
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-slate-800">
        {f.expiry}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-labelledby={`${id}-label ${id}-value`}
            aria-describedby={error ? errorId : required ? hintId : undefined}
            className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-left text-base focus:border-brand-500 disabled:bg-slate-100 aria-[invalid=true]:border-red-500"
          >
            <span id={`${id}-value`} className={value ? 'text-slate-900' : 'text-slate-500'}>
              {selected ? formatDate(selected) : f.expiryPlaceholder}
            </span>
            <CalendarDays aria-hidden="true" className="size-5 text-slate-500" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            aria-label={f.expiryChoose}
            className="z-50 rounded-xl border border-slate-200 bg-white p-3 shadow-xl [--rdp-accent-background-color:var(--color-brand-50)] [--rdp-accent-color:var(--color-brand-700)] [--rdp-day-height:2.5rem] [--rdp-day-width:2.5rem] [--rdp-day_button-height:2.5rem] [--rdp-day_button-width:2.5rem]"
          >
            <DayPicker
              mode="single"
              locale={tr}
              weekStartsOn={1}
              captionLayout="dropdown"
              selected={selected}
              defaultMonth={selected ?? firstAllowed}
              startMonth={firstAllowed}
              endMonth={addYears(firstAllowed, 10)}
              disabled={{ before: firstAllowed }}
              autoFocus
              onSelect={(date) => {
                onChange(date ? format(date, 'yyyy-MM-dd') : null);
                setOpen(false);
              }}
            />
            {value ? (
              <button
                type="button"
                className="mt-2 min-h-11 w-full rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                onClick={() => {
                  onChange(null);
                  setOpen(false);
                }}
              >
                {f.expiryClear}
              </button>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : required ? (
        <p id={hintId} className="text-xs text-slate-500">
          {f.expiryRequiredHint}
        </p>
      ) : null}
    </div>
  );
}
