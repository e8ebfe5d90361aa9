import { Banknote, Download, Eye, ListChecks, ShieldCheck, Wallet } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { ESCROW_DAYS, INSPECTION_DAYS } from '#shared/constants.ts';
import { payoutMessages } from '#shared/messages/payouts.tr.ts';
import { formatRateBp } from '#shared/money.ts';
import type { AccountMovement, AccountMovementsRange, MovementTab } from '#shared/schemas/payouts.ts';
import { Pagination } from '../../components/admin-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatDate, formatKurus } from '../../lib/format.ts';
import { usePublicSettings } from '../../lib/public-settings.ts';
import { movementsCsvUrl, useAccountMovements } from './api.ts';
import { PayoutAccountForm } from './payout-account-form.tsx';

const t = payoutMessages.movements;
/** Rows a page (the server's default). */
const PAGE_SIZE = 20;

const buyerLabel = (handle: string | null) => (handle ? `@${handle}` : t.unknownBuyer);
const dateOrDash = (value: string | null) => (value ? formatDate(value) : '—');

/** Neither released nor paid out: only then does the escrow end date mean something. */
const isInEscrow = (m: AccountMovement) => m.state !== 'paid' && !m.isReleased;

/**
 * Where a row's money is: paid out; released and waiting for the next payout (or for the
 * seller's IBAN); or still in escrow until its end date.
 */

function stageOf(m: AccountMovement, payoutAccountMissing: boolean) {
  if (m.state === 'paid') return { label: t.statusPaid, colour: 'green' as const, when: dateOrDash(m.paidAt) };
  if (m.isReleased) {
    return payoutAccountMissing
      ? { label: t.statusAwaitingIban, colour: 'red' as const, when: t.statusAwaitingIban }
      : { label: t.statusReleased, colour: 'blue' as const, when: t.releasedNext };
  }
  return { label: t.statusPending, colour: 'amber' as const, when: dateOrDash(m.escrowEndsAt) };
}

const th = 'px-2 py-2 align-bottom';
const td = 'px-2 py-2';
const column = dataColumns<AccountMovement>();

function movementColumns(tab: MovementTab, payoutAccountMissing: boolean, onDetail: (m: AccountMovement) => void) {
  return column.columns([
    column.display({
      id: 'payoutDate',
      // One date column per tab: when the money is expected (pending) or was paid (paid).
      header: tab === 'paid' ? t.paymentDate : t.payoutDate,
      cell: ({ row }) => stageOf(row.original, payoutAccountMissing).when,
      meta: { headerClassName: th, className: `${td} whitespace-nowrap` },
    }),
    column.accessor('orderNumber', {
      header: t.orderNumber,
      meta: { headerClassName: th, className: `${td} font-medium break-all text-slate-900`, isRowHeader: true },
    }),
    column.accessor('buyerHandle', {
      header: t.buyer,
      cell: (info) => buyerLabel(info.getValue()),
      meta: { headerClassName: th, className: `${td} break-all text-slate-700` },
    }),
    column.accessor('orderAmountKurus', {
      header: t.orderAmount,
      cell: (info) => formatKurus(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
    }),
    column.accessor('commissionKurus', {
      header: t.commission,
      cell: (info) => formatKurus(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
    }),
    column.accessor('withholdingKurus', {
      header: t.withholdingColumn,
      cell: (info) => `${formatKurus(info.getValue())} (%${formatRateBp(info.row.original.withholdingBp)})`,
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
    }),
    column.accessor('amountPaidKurus', {
      header: tab === 'paid' ? t.amountPaidDone : t.amountPaid,
      cell: (info) => formatKurus(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right font-semibold whitespace-nowrap` },
    }),
    column.display({
      id: 'status',
      header: t.status,
      cell: ({ row }) => {
        const stage = stageOf(row.original, payoutAccountMissing);
        return <Badge colour={stage.colour}>{stage.label}</Badge>;
      },
      meta: { headerClassName: th, className: `${td} whitespace-nowrap text-slate-700` },
    }),
    column.display({
      id: 'detail',
      header: t.detail,
      cell: ({ row }) => (
        <Button variant="ghost" className="min-h-11 gap-1 px-1.5 text-xs" onClick={() => onDetail(row.original)}>
          <Eye aria-hidden="true" className="size-4" />
          {t.detail}
          <span className="sr-only"> {row.original.orderNumber}</span>
        </Button>
      ),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right` },
    }),
  ]);
}

function MovementCard({
  movement,
  payoutAccountMissing,
  onDetail,
}: {
  movement: AccountMovement;
  payoutAccountMissing: boolean;
  onDetail: (m: AccountMovement) => void;
}) {
  const isPaid = movement.state === 'paid';
  const stage = stageOf(movement, payoutAccountMissing);
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-xs text-slate-600">
          <span className="block font-medium break-all text-slate-800">{movement.orderNumber}</span>
          {buyerLabel(movement.buyerHandle)}
        </p>
        <Badge colour={stage.colour}>{stage.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{t.orderAmount}</dt>
          <dd>{formatKurus(movement.orderAmountKurus)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{isPaid ? t.amountPaidDone : t.amountPaid}</dt>
          <dd className="font-semibold">{formatKurus(movement.amountPaidKurus)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{isPaid ? t.paymentDate : t.payoutDate}</dt>
          <dd>{stage.when}</dd>
        </div>
        <div className="text-right">
          <Button variant="secondary" onClick={() => onDetail(movement)}>
            {t.detail}
            <span className="sr-only"> {movement.orderNumber}</span>
          </Button>
        </div>
      </dl>
    </li>
  );
}

function MovementDetail({
  movement,
  payoutAccountMissing,
  onClose,
}: {
  movement: AccountMovement | null;
  payoutAccountMissing: boolean;
  onClose: () => void;
}) {
  const rows: [string, string][] = movement
    ? [
        [t.buyer, buyerLabel(movement.buyerHandle)],
        [t.status, stageOf(movement, payoutAccountMissing).label],
        [t.orderAmount, formatKurus(movement.orderAmountKurus)],
        [t.refunded, formatKurus(movement.refundedKurus)],
        [t.commission, formatKurus(movement.commissionKurus)],
        [t.withholding(formatRateBp(movement.withholdingBp)), formatKurus(movement.withholdingKurus)],
        [movement.state === 'paid' ? t.amountPaidDone : t.amountPaid, formatKurus(movement.amountPaidKurus)],
        // The escrow end only while the money is still in escrow: once released it no longer applies.
        ...(isInEscrow(movement) ? [[t.escrowEnd, dateOrDash(movement.escrowEndsAt)] as [string, string]] : []),
        [t.paymentDate, dateOrDash(movement.paidAt)],
      ]
    : [];
  return (
    <Modal
      open={movement !== null}
      onOpenChange={(open) => !open && onClose()}
      title={movement?.orderNumber ?? t.detail}
    >
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

function MovementList({
  tab,
  movements,
  payoutAccountMissing,
  onDetail,
}: {
  tab: MovementTab;
  movements: AccountMovement[];
  payoutAccountMissing: boolean;
  onDetail: (m: AccountMovement) => void;
}) {
  if (movements.length === 0) {
    return tab === 'pending' ? (
      <EmptyState icon={Wallet} title={t.emptyPendingTitle} body={t.emptyPendingBody} />
    ) : (
      <EmptyState icon={Banknote} title={t.emptyPaidTitle} body={t.emptyPaidBody} />
    );
  }
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          data={movements}
          columns={movementColumns(tab, payoutAccountMissing, onDetail)}
          getRowId={(m) => m.orderId}
          caption={tab === 'pending' ? t.pendingTab : t.paidTab}
        />
      </div>
      <ul className="space-y-3 md:hidden">
        {movements.map((m) => (
          <MovementCard key={m.orderId} movement={m} payoutAccountMissing={payoutAccountMissing} onDetail={onDetail} />
        ))}
      </ul>
    </>
  );
}

/** The escrow explanation card, with the escrow and inspection days from the public settings. */
function EscrowInfo() {
  const settings = usePublicSettings().data;
  const days = settings?.escrowDays ?? ESCROW_DAYS;
  const inspectionDays = settings?.inspectionDays ?? INSPECTION_DAYS;
  return (
    <section aria-labelledby="escrow-info-title" className="rounded-2xl border border-brand-100 bg-brand-50 p-4">
      <h3 id="escrow-info-title" className="flex items-center gap-2 font-semibold text-brand-900">
        <ShieldCheck aria-hidden="true" className="size-5" />
        {t.escrowTitle}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-brand-900">
        {t.escrowPoints(days, inspectionDays).map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The seller panel's "Hesap Hareketlerim": three summary cards, the date range with Temizle, the
 * report download, two tabs with counts (table on desktop, cards on mobile), the escrow card and
 * the payout account form. Everything comes from the ledger through the server.
 */
export function AccountMovements() {
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [tab, setTab] = useState<MovementTab>('pending');
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<AccountMovement | null>(null);
  const query: AccountMovementsRange = { from: range.from || undefined, to: range.to || undefined };
  const isRangeValid = !range.from || !range.to || range.from <= range.to;
  const movements = useAccountMovements({ ...(isRangeValid ? query : {}), tab, page, pageSize: PAGE_SIZE });
  const changeRange = (next: (r: typeof range) => typeof range) => {
    setRange(next);
    setPage(1);
  };
  const summary = movements.data?.summary;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-brand-900">{t.title}</h2>
          <p className="text-sm text-slate-600">{t.subtitle}</p>
        </div>
        <a href={movementsCsvUrl(isRangeValid ? query : {})} download className={buttonClasses('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          {t.report}
        </a>
      </div>
      {movements.data?.payoutAccountMissing && summary && summary.releasedKurus > 0 ? (
        <p role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
          {t.ibanNeeded(formatKurus(summary.releasedKurus))}
          <a href="#payout-account-title" className="font-semibold underline">
            {t.ibanNeededAction}
          </a>
        </p>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-3">
        <StatCard
          icon={ShieldCheck}
          stat="pending"
          label={`${t.pendingCard} · ${t.pendingCardHint}`}
          value={summary ? formatKurus(summary.pendingKurus) : null}
        />
        <StatCard
          icon={Banknote}
          stat="paid"
          label={t.paidCard}
          value={summary ? formatKurus(summary.paidKurus) : null}
        />
        <StatCard
          icon={ListChecks}
          stat="count"
          label={t.totalCard}
          value={summary ? formatCount(summary.count) : null}
        />
      </dl>
      <section aria-label={t.filter} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            label={t.from}
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => changeRange((r) => ({ ...r, from: event.target.value }))}
          />
          <TextField
            label={t.to}
            type="date"
            value={range.to}
            min={range.from || undefined}
            error={isRangeValid ? undefined : t.rangeInvalid}
            onChange={(event) => changeRange((r) => ({ ...r, to: event.target.value }))}
          />
          <Button variant="secondary" onClick={() => changeRange(() => ({ from: '', to: '' }))}>
            {t.clear}
          </Button>
        </div>
      </section>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setTab(value as MovementTab);
          setPage(1);
        }}
      >
        <Tabs.List aria-label={t.title} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {(['pending', 'paid'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="flex min-h-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
            >
              {value === 'pending' ? t.pendingTab : t.paidTab}
              <Badge colour={value === 'pending' ? 'amber' : 'green'}>
                {movements.data ? formatCount(movements.data.counts[value]) : '…'}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['pending', 'paid'] as const).map((value) => (
          <Tabs.Content
            key={value}
            value={value}
            className="mt-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
          >
            <QueryState query={movements} errorText={t.loadFailed}>
              {(data) =>
                // Right after a tab switch the previous tab's page is still shown: wait for this one.
                data.tab !== value ? (
                  <LoadingScreen label={t.loading} />
                ) : (
                  <>
                    <MovementList
                      tab={value}
                      movements={data.rows}
                      payoutAccountMissing={data.payoutAccountMissing}
                      onDetail={setDetail}
                    />
                    {data.counts[value] > data.pageSize ? (
                      <Pagination
                        page={data.page}
                        pageCount={Math.ceil(data.counts[value] / data.pageSize)}
                        total={data.counts[value]}
                        onPage={setPage}
                      />
                    ) : null}
                  </>
                )
              }
            </QueryState>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <EscrowInfo />
      <PayoutAccountForm />
      <MovementDetail
        movement={detail}
        payoutAccountMissing={movements.data?.payoutAccountMissing ?? false}
        onClose={() => setDetail(null)}
      />
    </div>
  );
}
