import { Scale } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { carrierName, orderEventLine } from '#shared/order-labels.ts';
import {
  decideDisputeFormSchema,
  disputeDecisions,
  type AdminDisputeDetail,
  type DecideDisputeBody,
  type DecideDisputeFormValues,
} from '#shared/schemas/disputes.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { AmountField } from '../../components/ui/amount-field.tsx';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime, formatKurus } from '../../lib/format.ts';
import { adminPaths } from '../../lib/paths.ts';
import { useAdminDispute, useAdminDisputes, useDecideDispute } from './api.ts';

const a = dm.admin;

function StatusBadge({ status }: { status: AdminDisputeDetail['status'] }) {
  const colour = status === 'escalated' ? 'red' : status === 'resolved' ? 'grey' : 'amber';
  return <Badge colour={colour}>{dm.statuses[status]}</Badge>;
}

function DisputeList() {
  const query = useAdminDisputes();
  return (
    <QueryState
      query={query}
      renderError={(error) => <AdminQueryError error={error} message={dm.loadFailed} />}
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyState icon={Scale} title={a.empty} body={a.emptyBody} />}
    >
      {(data) => (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-3 py-2">{a.order}</th>
                <th className="px-3 py-2">{a.reason}</th>
                <th className="px-3 py-2">{a.status}</th>
                <th className="px-3 py-2">{a.age}</th>
                <th className="px-3 py-2">{a.deadline}</th>
                <th className="px-3 py-2 text-right">{a.total}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link className="text-brand-700 hover:underline" to={`${adminPaths.disputes}?order=${d.orderId}`}>
                      {d.orderNumber}
                    </Link>
                    <span className="block text-xs font-normal text-slate-500">
                      {d.buyerName} → {d.sellerName}
                    </span>
                  </th>
                  <td className="px-3 py-2">{dm.reasons[d.reason]}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={d.status} />
                  </td>
                  <td className="px-3 py-2">{formatDateTime(d.createdAt)}</td>
                  <td className="px-3 py-2">{d.status === 'open' ? formatDateTime(d.answerDueAt) : '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatKurus(d.totalKurus)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}

/** Who gets what if the admin confirms, from the escrowed amount the desk shows. */
function DecisionSummary({ dispute, body }: { dispute: AdminDisputeDetail; body: DecideDisputeBody }) {
  const escrowed = dispute.escrowedKurus;
  const toBuyer =
    body.decision === 'full_refund' ? escrowed : body.decision === 'partial_refund' ? (body.amountKurus ?? 0) : 0;
  const toSeller = escrowed - toBuyer;
  return (
    <span className="block space-y-2">
      <span className="block">{a.confirmIrreversible}</span>
      <span className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <span>{a.confirmToBuyer(dispute.buyerName)}</span>
        <span className="text-right font-semibold text-slate-900">{formatKurus(toBuyer)}</span>
        <span>{a.confirmToSeller(dispute.sellerName)}</span>
        <span className="text-right font-semibold text-slate-900">{formatKurus(toSeller)}</span>
      </span>
      {toSeller > 0 ? <span className="block text-sm">{a.confirmSellerNote}</span> : null}
      {body.decision === 'full_refund' && body.restock ? (
        <span className="block text-sm">{a.confirmRestock}</span>
      ) : null}
    </span>
  );
}

function DecisionForm({ dispute }: { dispute: AdminDisputeDetail }) {
  const decide = useDecideDispute(dispute.orderId);
  const { control, register, handleSubmit, formState, setError } = useForm<
    DecideDisputeFormValues,
    unknown,
    DecideDisputeBody
  >({
    resolver: zodResolver(decideDisputeFormSchema),
    defaultValues: { decision: 'full_refund', amount: '', reason: '', restock: false },
  });
  const errors = formState.errors;
  const [decision, amount] = useWatch({ control, name: ['decision', 'amount'] });
  // A decision moves the escrowed money at once and cannot be undone: the valid form only opens
  // a confirmation that spells out who gets what; the request goes when that is confirmed.
  const [pending, setPending] = useState<DecideDisputeBody | null>(null);
  const onSubmit = handleSubmit((body) => setPending(body));
  const onConfirm = async (body: DecideDisputeBody) => {
    try {
      await decide.mutateAsync(body);
      toast.success(dm.decided);
    } catch (error) {
      setServerFieldErrors(error, setError, ['decision', 'reason', 'restock']);
      if (error instanceof ApiError && error.fields?.amountKurus)
        setError('amount', { message: error.fields.amountKurus });
    } finally {
      setPending(null);
    }
  };
  return (
    <Card title={a.decide}>
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ApiErrorAlert error={decide.error} title={dm.errorTitle} />
        <SelectField label={a.decisionField} error={errors.decision?.message} {...register('decision')}>
          {disputeDecisions.map((d) => (
            <option key={d} value={d}>
              {a.decisionActions[d]}
            </option>
          ))}
        </SelectField>
        {decision === 'partial_refund' ? (
          <AmountField
            kind="lira"
            label={a.amountField}
            typed={amount}
            error={errors.amount?.message}
            hint={`${a.escrowed}: ${formatKurus(dispute.escrowedKurus)}`}
            {...register('amount')}
          />
        ) : null}
        {decision === 'full_refund' ? (
          <Controller
            control={control}
            name="restock"
            render={({ field }) => (
              <SwitchField label={a.restockField} checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
        ) : null}
        <TextAreaField
          label={a.reasonField}
          rows={3}
          maxLength={1000}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={decide.isPending}>
            {a.save}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={a.confirmTitle}
        description={pending ? <DecisionSummary dispute={dispute} body={pending} /> : null}
        cancelLabel={a.confirmCancel}
        confirmLabel={pending ? a.decisionActions[pending.decision] : a.save}
        onConfirm={() => pending && void onConfirm(pending)}
        busy={decide.isPending}
      />
    </Card>
  );
}

function DisputeDetail({
  orderId,
  renderOrderMessages,
}: {
  orderId: string;
  renderOrderMessages?: (orderId: string) => ReactNode;
}) {
  const query = useAdminDispute(orderId);
  return (
    <QueryState query={query} renderError={(error) => <AdminQueryError error={error} message={dm.loadFailed} />}>
      {(d) => (
        <div className="space-y-4">
          <Card title={`${a.order} ${d.orderNumber}`}>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-500">{a.status}</dt>
                <dd>
                  <StatusBadge status={d.status} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{a.reason}</dt>
                <dd>{dm.reasons[d.reason]}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{a.total}</dt>
                <dd>{formatKurus(d.totalKurus)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{a.escrowed}</dt>
                <dd>{formatKurus(d.escrowedKurus)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{a.buyer}</dt>
                <dd>{d.buyerName}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{a.seller}</dt>
                <dd>{d.sellerName}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-slate-500">{a.shipment}</dt>
                <dd>
                  {d.trackingNumber
                    ? `${d.cargoCompany ? carrierName(d.cargoCompany) : ''} ${d.trackingNumber}`.trim()
                    : a.noShipment}
                </dd>
              </div>
            </dl>
            <div className="mt-4 space-y-2 text-sm">
              <p>
                <strong>{dm.yourMessage}: </strong>
                <span className="whitespace-pre-line">{d.customerMessage}</span>
                <Photos orderId={d.orderId} files={d.customerPhotos} />
              </p>
              {d.sellerMessage ? (
                <p>
                  <strong>{dm.sellerMessage}: </strong>
                  <span className="whitespace-pre-line">{d.sellerMessage}</span>
                  <Photos orderId={d.orderId} files={d.sellerPhotos} />
                </p>
              ) : null}
              {d.sellerOfferKurus !== null ? (
                <p>
                  <strong>{dm.offerLabel}: </strong>
                  {formatKurus(d.sellerOfferKurus)}
                </p>
              ) : null}
              {d.decision ? (
                <p>
                  <strong>{dm.decisionLabel}: </strong>
                  {dm.decisions[d.decision]}
                  {d.decisionKurus ? ` (${formatKurus(d.decisionKurus)})` : ''}
                  {d.decisionReason ? ` — ${d.decisionReason}` : ''}
                </p>
              ) : null}
            </div>
          </Card>
          <Card title={a.lines}>
            <ul className="divide-y divide-slate-100 text-sm">
              {d.lines.map((line, i) => (
                <li key={i} className="flex justify-between gap-3 py-2">
                  <span>
                    {line.marka} {line.modelKodu} × {line.quantity}
                  </span>
                  <span className="tabular-nums">{formatKurus(line.lineTotalKurus)}</span>
                </li>
              ))}
            </ul>
          </Card>
          <Card title={a.timeline}>
            <ol className="space-y-1 text-sm">
              {d.events.map((e, i) => (
                <li key={i}>
                  <span className="text-slate-500">{formatDateTime(e.createdAt)}</span> · {orderEventLine(e)}
                </li>
              ))}
            </ol>
          </Card>
          {renderOrderMessages?.(d.orderId)}
          {d.status === 'resolved' ? null : <DecisionForm dispute={d} />}
        </div>
      )}
    </QueryState>
  );
}

function Photos({ orderId, files }: { orderId: string; files: string[] }) {
  if (!files.length) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-2">
      {files.map((file, i) => {
        const src = `/api/orders/${encodeURIComponent(orderId)}/dispute/photos/${file}`;
        return (
          <a key={file} href={src} target="_blank" rel="noreferrer">
            <img src={src} alt={dm.photoAlt(i + 1)} className="size-20 rounded border border-slate-200 object-cover" />
          </a>
        );
      })}
    </span>
  );
}

/**
 * /admin/disputes: the dispute desk; ?order=<id> opens one dispute with its decision form.
 * `renderOrderMessages` shows the parties' messages about the order (another feature's view).
 */
export function AdminDisputesPage({
  renderOrderMessages,
}: {
  renderOrderMessages?: (orderId: string) => ReactNode;
} = {}) {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <div>
      <AdminPageHeader
        title={a.title}
        actions={
          orderId ? (
            <Link
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
              to={adminPaths.disputes}
            >
              {a.back}
            </Link>
          ) : null
        }
      />
      {orderId ? <DisputeDetail orderId={orderId} renderOrderMessages={renderOrderMessages} /> : <DisputeList />}
    </div>
  );
}
