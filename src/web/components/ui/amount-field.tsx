import type { InputHTMLAttributes, ReactNode } from 'react';
import { amountMessages } from '#shared/messages/amounts.tr.ts';
import { parseLira, parseWholeNumber } from '#shared/money.ts';
import { formatCount, formatKurus } from '../../lib/format.ts';
import { TextField, type FieldProps } from './form-field.tsx';

type AmountKind = 'lira' | 'whole';

/** What a typed amount will be saved as, in Turkish ("Kaydedilecek: ₺1.350,75"); null while blank. */
export function amountReadBack(kind: AmountKind, typed: string | undefined): string | null {
  if (!typed?.trim()) return null;
  if (kind === 'lira') {
    const kurus = parseLira(typed);
    return kurus === null ? amountMessages.liraUnreadable : amountMessages.willSave(formatKurus(kurus));
  }
  const value = parseWholeNumber(typed);
  return value === null ? amountMessages.wholeUnreadable : amountMessages.willSave(formatCount(value));
}

interface AmountFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'> {
  /** Money in lira (parseLira) or a whole quantity (parseWholeNumber). */
  kind: AmountKind;
  /** The text as typed now, for the read-back under the field. */
  typed: string | undefined;
  /** Shown under the read-back (alone while the field is blank). */
  hint?: ReactNode;
}

/**
 * A money or quantity field that takes Turkish writing ("1.350,75", "₺ 249,90", "1.000") as text
 * and says under it what will be saved. A number input is not used: browsers drop or reinterpret
 * the comma ("1350,75" became 135075).
 */
export function AmountField({ kind, typed, hint, ...input }: AmountFieldProps) {
  const readBack = amountReadBack(kind, typed);
  return (
    <TextField
      type="text"
      inputMode={kind === 'lira' ? 'decimal' : 'numeric'}
      autoComplete="off"
      hint={
        readBack ? (
          <>
            <span className="block font-medium text-slate-700">{readBack}</span>
            {hint ? <span className="block">{hint}</span> : null}
          </>
        ) : (
          hint
        )
      }
      {...input}
    />
  );
}
