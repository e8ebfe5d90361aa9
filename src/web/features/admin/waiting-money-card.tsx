import type { ReactNode } from 'react';
import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import { AdminQueryError } from '../../components/admin-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { appNow } from '../../lib/app-clock.ts';
import { formatCount, formatDateTime, formatDuration, formatKurus } from '../../lib/format.ts';
import { useWaitingMoney } from './admin-orders-api.ts';

const w = adminOrderMessages.waiting;
const th = 'px-2 py-2 text-left align-bottom font-semibold';
const td = 'px-2 py-2 align-top';

interface Row {
  key: string;
  reference: string;
  amountKurus: number;
  since: string;
  attempts: number;
  state: string;
  needsAttention: boolean;
  lastError: string | null;
}

/** How long it has waited, with the moment itself for screen readers and hover. */
function Age({ since }: { since: string }) {
  const seconds = (appNow().getTime() - new Date(since).getTime()) / 1000;
  return (
    <time dateTime={since} title={formatDateTime(since)}>
      {formatDuration(seconds)}
    </time>
  );
}

function WaitingTable({ title, rows }: { title: string; rows: Row[] }): ReactNode {
  if (rows.length === 0) return null;
  return (
    <section className="mt-4" aria-label={title}>
      <h3 className="font-semibold text-slate-900">
        {title} ({formatCount(rows.length)})
      </h3>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className={th}>
                {w.reference}
              </th>
              <th scope="col" className={th}>
                {w.amount}
              </th>
              <th scope="col" className={th}>
                {w.age}
              </th>
              <th scope="col" className={th}>
                {w.attempts}
              </th>
              <th scope="col" className={th}>
                {w.state}
              </th>
              <th scope="col" className={th}>
                {w.lastError}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-slate-100">
                <th scope="row" className={`${td} font-mono font-normal`}>
                  {row.reference}
                </th>
                <td className={`${td} whitespace-nowrap`}>{formatKurus(row.amountKurus)}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <Age since={row.since} />
                </td>
                <td className={td}>{formatCount(row.attempts)}</td>
                <td className={td}>
                  {row.state}
                  {row.needsAttention ? (
                    <>
                      {' '}
                      <Badge colour="red">{w.needsAttention}</Badge>
                    </>
                  ) : null}
                </td>
                <td className={`${td} break-words text-slate-600`}>{row.lastError ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function rowsOf(view: AdminWaitingMoney) {
  const payments: Row[] = view.payments.map((p) => ({
    key: p.id,
    reference: w.payment(p.id),
    amountKurus: p.amountKurus,
    since: p.unknownSince,
    attempts: p.checkAttempts,
    state: p.status === 'pending' ? w.paymentPending : w.paymentClosed,
    needsAttention: p.needsAttention,
    lastError: null,
  }));
  const refunds: Row[] = view.refunds.map((r) => ({
    key: r.id,
    reference: r.orderNumber,
    amountKurus: r.amountKurus,
    since: r.createdAt,
    attempts: r.attempts,
    state: r.status === 'failed' ? w.failed : r.isSent ? w.refundSent : w.refundWaiting,
    needsAttention: r.needsAttention,
    lastError: r.lastError,
  }));
  const voids: Row[] = view.voids.map((v) => ({
    key: v.paymentId,
    reference: w.payment(v.paymentId),
    amountKurus: v.amountKurus,
    since: v.capturedAt ?? appNow().toISOString(),
    attempts: v.attempts,
    state: v.status === 'failed' ? w.failed : w.voidPending,
    needsAttention: v.needsAttention,
    lastError: v.lastError,
  }));
  const payoutMismatches: Row[] = view.payoutMismatches.map((m) => ({
    key: `${m.paymentId}:${m.orderId}`,
    reference: w.payment(m.paymentId),
    amountKurus: m.providerKurus,
    since: m.capturedAt ?? appNow().toISOString(),
    attempts: 0,
    state: w.payoutMismatch(formatKurus(m.expectedKurus)),
    needsAttention: true,
    lastError: null,
  }));
  return { payments, refunds, voids, payoutMismatches };
}

/** On the orders desk: money waiting on the payment provider, with age and attempts (decision 038). */
export function WaitingMoneyCard() {
  const waiting = useWaitingMoney();
  return (
    <Card title={w.title}>
      <p className="text-sm text-slate-600">{w.lead}</p>
      <QueryState query={waiting} renderError={(error) => <AdminQueryError error={error} message={w.loadFailed} />}>
        {(view) => {
          const rows = rowsOf(view);
          const isEmpty =
            rows.payments.length + rows.refunds.length + rows.voids.length + rows.payoutMismatches.length === 0;
          return isEmpty ? (
            <p className="mt-3 text-slate-600">{w.empty}</p>
          ) : (
            <>
              <WaitingTable title={w.payments} rows={rows.payments} />
              <WaitingTable title={w.refunds} rows={rows.refunds} />
              <WaitingTable title={w.voids} rows={rows.voids} />
              <WaitingTable title={w.payoutMismatches} rows={rows.payoutMismatches} />
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
