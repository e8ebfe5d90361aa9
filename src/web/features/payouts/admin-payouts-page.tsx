import { PlayCircle } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { payoutMessages } from '#shared/messages/payouts.tr.ts';
import type { AdminPayoutList } from '#shared/schemas/payouts.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { formatCount, formatDateTime, formatKurus } from '../../lib/format.ts';
import { useAdminPayouts, useRunPayouts } from './api.ts';
import { groupIban } from './payout-account-form.tsx';

const t = payoutMessages.admin;
type Payout = AdminPayoutList['payouts'][number];
const column = dataColumns<Payout>();
const th = 'px-2 py-2 align-bottom font-semibold';
const td = 'px-2 py-2';

const columns = column.columns([
  column.display({
    id: 'seller',
    header: t.seller,
    cell: ({ row }) => (
      <span>
        {row.original.sellerName ?? '—'}
        {row.original.sellerHandle ? (
          <span className="block text-xs text-slate-500">@{row.original.sellerHandle}</span>
        ) : null}
      </span>
    ),
    meta: { headerClassName: th, className: td, isRowHeader: true },
  }),
  column.accessor('amountKurus', {
    header: t.amount,
    cell: (info) => formatKurus(info.getValue()),
    meta: { headerClassName: `${th} text-right`, className: `${td} text-right font-semibold whitespace-nowrap` },
  }),
  column.accessor('withheldKurus', {
    header: t.withheld,
    cell: (info) => formatKurus(info.getValue()),
    meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
  }),
  column.accessor('orderCount', {
    header: t.orders,
    cell: (info) => formatCount(info.getValue()),
    meta: { headerClassName: `${th} text-right`, className: `${td} text-right tabular-nums` },
  }),
  column.accessor('iban', {
    header: t.iban,
    cell: (info) => (
      <span className="font-mono text-xs">
        {groupIban(info.getValue())}
        <span className="block font-sans text-slate-500">{info.row.original.accountHolder}</span>
      </span>
    ),
    meta: { headerClassName: th, className: td },
  }),
  column.accessor('status', {
    header: t.status,
    cell: (info) => (
      <Badge colour={info.getValue() === 'paid' ? 'green' : info.getValue() === 'failed' ? 'red' : 'amber'}>
        {t.statuses[info.getValue()]}
      </Badge>
    ),
    meta: { headerClassName: th, className: td },
  }),
  column.accessor('paidAt', {
    header: t.paidAt,
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()!) : '—'),
    meta: { headerClassName: th, className: `${td} whitespace-nowrap` },
  }),
]);

/** /admin/payouts: the latest payouts to sellers, and a button that runs the payouts now. */
export function AdminPayoutsPage() {
  const list = useAdminPayouts();
  const run = useRunPayouts();
  const runNow = async () => {
    try {
      const result = await run.mutateAsync();
      toast.success(t.runDone(result.paid, result.skipped));
    } catch (error) {
      toast.error(t.runFailed + apiErrorMessage(error));
    }
  };
  return (
    <div>
      <AdminPageHeader
        title={t.title}
        lead={t.lead}
        actions={
          <Button onClick={() => void runNow()} disabled={run.isPending}>
            <PlayCircle aria-hidden="true" className="size-4" />
            {t.run}
          </Button>
        }
      />
      <QueryState
        query={list}
        renderError={(error) => <AdminQueryError error={error} message={t.loadFailed} />}
        isEmpty={(data) => data.payouts.length === 0}
        empty={<p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">{t.empty}</p>}
      >
        {(data) => (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
            <DataTable data={data.payouts} columns={columns} getRowId={(p) => p.id} caption={t.title} />
          </div>
        )}
      </QueryState>
    </div>
  );
}
