import { messages } from '#shared/messages.tr.ts';
import { formatCount, formatDateTime, formatKurus } from '../../lib/format.ts';
import { usePublicStats } from './api.ts';

const t = messages.landing;

/** The four live figures; never hard-coded. */
export function StatsRow() {
  const { data, isPending, isError } = usePublicStats();
  if (isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-center text-red-800">
        {t.statsError}
      </p>
    );
  }
  const items = [
    { key: 'activeListings', label: t.statsActiveListings, value: data ? formatCount(data.activeListings) : null },
    { key: 'members', label: t.statsMembers, value: data ? formatCount(data.members) : null },
    { key: 'completedOrders', label: t.statsCompletedOrders, value: data ? formatCount(data.completedOrders) : null },
    { key: 'escrowHeld', label: t.statsEscrowHeld, value: data ? formatKurus(data.escrowHeldKurus) : null },
  ];
  return (
    <div aria-busy={isPending}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {items.map((item) => (
          <div
            key={item.key}
            data-stat={item.key}
            className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm"
          >
            <dt className="text-sm text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand-900 tabular-nums">
              {item.value ?? (
                <span
                  className="inline-block h-7 w-16 animate-pulse rounded bg-slate-200"
                  aria-label={messages.common.loading}
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
      {data ? (
        <p className="mt-2 text-right text-xs text-slate-500">
          {t.statsUpdatedAt}: {formatDateTime(data.generatedAt)}
        </p>
      ) : null}
    </div>
  );
}
