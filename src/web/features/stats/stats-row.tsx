import { messages } from '#shared/messages.tr.ts';
import { StatCard } from '../../components/ui/stat-card.tsx';
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
          <StatCard key={item.key} stat={item.key} label={item.label} value={item.value} />
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
