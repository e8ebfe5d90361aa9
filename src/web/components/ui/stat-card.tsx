import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';

/**
 * One figure of a `<dl>` of stat cards. The card is the `<div>` HTML allows around a dt/dd pair,
 * so it holds nothing else: the icon sits inside the `<dt>` (axe's definition-list rule).
 * `value` null shows a loading placeholder. With `to` the label is a link stretched over the whole
 * card, so the card is one click target while the figure stays the `<dd>`.
 */
export function StatCard({
  label,
  value,
  icon: Icon,
  stat,
  to,
}: {
  label: string;
  value: ReactNode | null;
  /** With an icon the card reads left to right; without one it is a centred figure. */
  icon?: LucideIcon;
  /** `data-stat`, for tests that read one figure. */
  stat?: string;
  /** Where the card leads (the admin overview's figures open their list). */
  to?: string;
}) {
  const shown = value ?? (
    <span className="inline-block h-7 w-16 animate-pulse rounded bg-slate-200" aria-label={messages.common.loading} />
  );
  const title = to ? (
    <Link to={to} className="after:absolute after:inset-0 after:rounded-xl">
      {label}
    </Link>
  ) : (
    label
  );
  const linked = to ? 'hover:border-brand-500' : '';
  if (Icon) {
    return (
      <div
        data-stat={stat}
        className={`relative rounded-xl border border-slate-200 bg-white p-3 pl-16 shadow-sm sm:p-4 sm:pl-[4.25rem] ${linked}`}
      >
        <dt className="text-xs font-medium text-slate-600 sm:text-sm">
          <span
            aria-hidden="true"
            className="absolute top-1/2 left-3 grid size-10 -translate-y-1/2 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:left-4"
          >
            <Icon className="size-5" />
          </span>
          {title}
        </dt>
        <dd className="text-lg font-bold break-words text-slate-900 sm:text-xl">{shown}</dd>
      </div>
    );
  }
  return (
    <div
      data-stat={stat}
      className={`relative rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm ${linked}`}
    >
      <dt className="text-sm text-slate-600">{title}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900 tabular-nums">{shown}</dd>
    </div>
  );
}
