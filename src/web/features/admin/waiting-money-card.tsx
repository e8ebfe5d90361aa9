import { CheckCheck, RefreshCw, RotateCcw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import { AdminQueryError } from '../../components/admin-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { appNow } from '../../lib/app-clock.ts';
import { formatCount, formatDateTime, formatDuration, formatKurus } from '../../lib/format.ts';
import { useWaitingAction, useWaitingMoney, waitingActionPaths } from './admin-orders-api.ts';

const w = adminOrderMessages.waiting;
const a = w.actions;
const th = 'px-2 py-2 text-left align-bottom font-semibold';
const td = 'px-2 py-2 align-top';
/** The action column stays in view while a narrow screen (375 px) scrolls the table sideways. */
const stickyEnd = 'sticky right-0 bg-white shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.25)]';

/** A button on a row: its visible text, an accessible name that names the row, and the endpoint. */
interface RowAction {
  text: string;
  label: string;
  path: string;
  icon: LucideIcon;
}

interface Row {
  key: string;
  reference: string;
  amountKurus: number;
  since: string;
  attempts: number;
  state: string;
  needsAttention: boolean;
  lastError: string | null;
  action: RowAction | null;
}

/** Posts the row's action; the server's Turkish answer (or refusal) is the toast. */
function RowActionButton({ action }: { action: RowAction }) {
  const mutation = useWaitingAction();
  const Icon = action.icon;
  const onClick = async () => {
    try {
      toast.success((await mutation.mutateAsync(action.path)).message);
    } catch (error) {
      toast.error(a.failed, { description: apiErrorMessage(error) });
    }
  };
  return (
    <Button
      variant="secondary"
      className="whitespace-nowrap"
      disabled={mutation.isPending}
      aria-label={action.label}
      onClick={() => void onClick()}
    >
      <Icon aria-hidden="true" className="size-4" />
      {action.text}
    </Button>
  );
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
              <th scope="col" className={`${th} ${stickyEnd}`}>
                {w.action}
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
                <td className={`${td} ${stickyEnd}`}>{row.action ? <RowActionButton action={row.action} /> : null}</td>
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
    // Every listed payment is still being checked: it can be asked about now.
    action: {
      text: a.checkNow,
      label: a.checkNowLabel(w.payment(p.id)),
      path: waitingActionPaths.checkPayment(p.id),
      icon: RefreshCw,
    },
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
    // A pending refund is already in line; only one the job gave up on is retried by hand.
    action:
      r.status === 'failed'
        ? {
            text: a.retry,
            label: a.retryRefundLabel(r.orderNumber),
            path: waitingActionPaths.retryProviderJob(r.id),
            icon: RotateCcw,
          }
        : null,
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
    action: {
      text: a.retry,
      label: a.retryVoidLabel(w.payment(v.paymentId)),
      path: waitingActionPaths.retryVoid(v.paymentId),
      icon: RotateCcw,
    },
  }));
  const payoutMismatches: Row[] = view.payoutMismatches.map((m, index, all) => ({
    key: `${m.paymentId}:${m.orderId}`,
    reference: w.payment(m.paymentId),
    amountKurus: m.providerKurus,
    since: m.capturedAt ?? appNow().toISOString(),
    attempts: 0,
    state: w.payoutMismatch(formatKurus(m.expectedKurus)),
    needsAttention: true,
    lastError: null,
    // Reviewed per payment: one button on its first row, however many of its orders differ.
    action:
      all.findIndex((other) => other.paymentId === m.paymentId) === index
        ? {
            text: a.review,
            label: a.reviewLabel(w.payment(m.paymentId)),
            path: waitingActionPaths.reviewPayoutMismatch(m.paymentId),
            icon: CheckCheck,
          }
        : null,
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
