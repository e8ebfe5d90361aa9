import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatDate, formatKurus } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useAnalytics } from './api.ts';
import { BarChart, type BarDatum } from '../../components/ui/bar-chart.tsx';
import { adminTexts as t } from './texts.ts';

const a = t.analytics;

function daily(days: { date: string }[], value: (index: number) => number): BarDatum[] {
  return days.map((d, i) => ({
    label: formatDate(d.date).slice(0, 5),
    longLabel: formatDate(d.date),
    value: value(i),
  }));
}

function weekly(series: { weekStart: string; count: number }[]): BarDatum[] {
  return series.map((w) => ({
    label: formatDate(w.weekStart).slice(0, 5),
    longLabel: formatDate(w.weekStart),
    value: w.count,
  }));
}

/** /admin/analytics: members and applications per week (12 weeks), trading per day (30 days). */
export function AnalyticsPage() {
  const analytics = useAnalytics();
  return (
    <div>
      <AdminPageHeader title={a.title} lead={a.lead} />
      <QueryState query={analytics} renderError={(error) => <AdminQueryError error={error} message={a.loadFailed} />}>
        {(figures) => (
          <div className="space-y-6">
            <div className="grid gap-6 xl:grid-cols-2">
              <BarChart title={a.members} data={weekly(figures.members)} labelHeading={a.week} valueHeading={a.count} />
              <BarChart
                title={a.applications}
                data={weekly(figures.applications)}
                labelHeading={a.week}
                valueHeading={a.count}
              />
            </div>
            <section aria-label={a.tradingTitle} className="space-y-6">
              <dl className="grid gap-3 sm:grid-cols-3">
                <StatCard label={a.escrowHeld} value={formatKurus(figures.trading.escrowHeldKurus)} />
              </dl>
              <div className="grid gap-6 xl:grid-cols-2">
                <BarChart
                  title={a.ordersPerDay}
                  data={daily(figures.trading.days, (i) => figures.trading.days[i].orders)}
                  labelHeading={a.day}
                  valueHeading={a.count}
                />
                <BarChart
                  title={a.gmvPerDay}
                  // Whole lira on the bars; the stat card and the orders desk have the kuruş.
                  data={daily(figures.trading.days, (i) => Math.round(figures.trading.days[i].gmvKurus / 100))}
                  labelHeading={a.day}
                  valueHeading={a.amountTl}
                />
                <BarChart
                  title={a.disputesOpened}
                  data={daily(figures.trading.days, (i) => figures.trading.days[i].disputesOpened)}
                  labelHeading={a.day}
                  valueHeading={a.count}
                />
                <BarChart
                  title={a.disputesResolved}
                  data={daily(figures.trading.days, (i) => figures.trading.days[i].disputesResolved)}
                  labelHeading={a.day}
                  valueHeading={a.count}
                />
              </div>
            </section>
            <Card title={a.byStatus}>
              <dl className="grid gap-3 sm:grid-cols-3">
                {(
                  [
                    [a.pending, figures.applicationsByStatus.pending],
                    [a.approved, figures.applicationsByStatus.approved],
                    [a.rejected, figures.applicationsByStatus.rejected],
                  ] as const
                ).map(([label, value]) => (
                  <StatCard key={label} label={label} value={formatCount(value)} />
                ))}
              </dl>
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
