import { useId } from 'react';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { installmentOptions, splitInstallments, type Installments } from '#shared/pricing.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { formatInstallments, formatKurus } from '../../lib/format.ts';
import type { InstallmentPlan } from './summary.ts';

const m = tradingMessages.checkout;

function PlanAmounts({ plan }: { plan: InstallmentPlan | undefined }) {
  if (!plan) return null;
  if (plan.installments === 1) return <span className="tabular-nums">{formatKurus(plan.chargedKurus)}</span>;
  return (
    <span className="text-right tabular-nums">
      {/* The bank's split of the plan's total, so the months shown add up to it exactly. */}
      <span className="block">{formatInstallments(splitInstallments(plan.chargedKurus, plan.installments))}</span>
      <span className="block text-xs text-slate-700">{m.installmentTotal(formatKurus(plan.chargedKurus))}</span>
    </span>
  );
}

/** 1 (Peşin, 2 % off), 2, 3, 6, 12 instalments as radio buttons, each with the server's amounts. */
export function InstallmentOptions({
  plans,
  value,
  onChange,
  disabled,
}: {
  plans: InstallmentPlan[];
  value: Installments;
  onChange: (installments: Installments) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{m.installments}</legend>
      {installmentOptions.map((n) => (
        <label
          key={n}
          className="flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-brand-500 has-checked:bg-brand-50 has-disabled:cursor-not-allowed"
        >
          <span className="flex items-center gap-3">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="size-4 accent-brand-700"
            />
            <span className="font-medium text-slate-900">{n === 1 ? m.cash : m.installmentCount(n)}</span>
            {n === 1 ? (
              <Badge colour="green" className="whitespace-nowrap">
                {m.cashDiscount}
              </Badge>
            ) : null}
          </span>
          <PlanAmounts plan={plans.find((plan) => plan.installments === n)} />
        </label>
      ))}
    </fieldset>
  );
}
