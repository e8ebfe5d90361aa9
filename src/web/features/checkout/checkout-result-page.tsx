import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { CheckoutGroupStatus } from '#shared/schemas/checkout.ts';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button.tsx';
import { QueryErrorAlert, QueryState } from '../../components/ui/query-state.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { setCartQuantity } from '../../lib/cart-store.ts';
import { formatKurus } from '../../lib/format.ts';
import { orderPath, paths } from '../../lib/paths.ts';
import { authKeys } from '../../lib/session.ts';
import { checkoutKeys, useCancelCheckout, useCheckoutGroup } from './api.ts';
import { takePendingPayment } from './pending-payment.ts';
import { RESULT_POLL_LIMIT_MS } from './result-polling.ts';

const m = tradingMessages.checkout;

const tones = {
  success: { icon: CheckCircle2, className: 'text-emerald-600' },
  error: { icon: XCircle, className: 'text-red-600' },
  pending: { icon: Clock, className: 'text-brand-700' },
} as const;

function ResultPanel({
  tone,
  title,
  children,
  actions,
}: {
  tone: keyof typeof tones;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const { icon: Icon, className } = tones[tone];
  return (
    <div className="flex flex-col items-center text-center">
      <Icon aria-hidden="true" className={`size-14 ${className}`} />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {/* The outcome is announced when it arrives (the page may have been waiting for the bank). */}
      <div role={tone === 'error' ? 'alert' : 'status'} className="mt-3 space-y-2 text-slate-700">
        {children}
      </div>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">{actions}</div>
    </div>
  );
}

/**
 * Once the group is paid, or has failed for good: the lines this tab sent to the card page leave
 * the cart when paid (spec: success clears the cart) and stay when not. Everything fetched before
 * (orders, stock, notifications) is out of date after a payment.
 */
function useSettlePendingPayment(group: CheckoutGroupStatus | undefined) {
  const queryClient = useQueryClient();
  const groupId = group?.groupId;
  const status = group?.status;
  useEffect(() => {
    if (!groupId || !status || status === 'awaiting_payment') return;
    const pending = takePendingPayment(groupId);
    if (status !== 'paid') return;
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== authKeys.all[0] && query.queryKey[0] !== checkoutKeys.all[0],
    });
    if (!pending) return;
    for (const listingId of pending.listingIds) setCartQuantity(listingId, 0);
    toast.success(m.successTitle, { description: m.successBody, id: `paid-${groupId}` });
  }, [groupId, status, queryClient]);
}

function PaidResult({ group }: { group: CheckoutGroupStatus }) {
  return (
    <ResultPanel
      tone="success"
      title={m.resultPaidTitle}
      actions={<ButtonLink to={paths.orders}>{m.toOrders}</ButtonLink>}
    >
      <p className="text-lg">{m.successBody}</p>
      <p className="tabular-nums">{m.chargedAmount(formatKurus(group.chargedKurus))}</p>
      {group.orders.length > 0 ? (
        <div className="pt-2">
          <h2 id="order-numbers" className="font-semibold text-slate-900">
            {m.orderNumbers}
          </h2>
          {group.orders.length > 1 ? <p className="text-sm">{m.ordersPerSeller}</p> : null}
          <ul aria-labelledby="order-numbers" className="mt-2 space-y-2 text-left">
            {group.orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={orderPath(order.id)}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50"
                >
                  <span>
                    <span className="block font-mono text-slate-900">{order.orderNumber}</span>
                    <span className="block text-sm text-slate-600">{m.orderSeller(order.sellerHandle)}</span>
                  </span>
                  <span className="font-semibold text-slate-900 tabular-nums">{formatKurus(order.totalKurus)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </ResultPanel>
  );
}

function RetryActions() {
  return (
    <>
      <ButtonLink to={paths.checkout}>{m.retry}</ButtonLink>
      <ButtonLink to={paths.cart} variant="secondary">
        {m.backToCart}
      </ButtonLink>
    </>
  );
}

/** "Ödemeyi İptal Et": gives the checkout up; the page then shows it as cancelled, with the way back. */
function CancelPaymentButton({ groupId }: { groupId: string }) {
  const cancel = useCancelCheckout(groupId);
  const onCancel = async () => {
    try {
      const { message } = await cancel.mutateAsync();
      takePendingPayment(groupId);
      toast.success(message);
    } catch (error) {
      toast.error(m.cancelFailed(apiErrorMessage(error)));
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onCancel()} disabled={cancel.isPending}>
      {m.cancelPayment}
    </Button>
  );
}

function AwaitingResult({
  group,
  isWaiting,
  onRefresh,
}: {
  group: CheckoutGroupStatus;
  isWaiting: boolean;
  onRefresh: () => void;
}) {
  return (
    <ResultPanel
      tone="pending"
      title={group.isCheckingWithBank ? m.resultBankCheckTitle : m.resultPendingTitle}
      actions={
        <>
          {group.paymentUrl ? (
            <>
              {/* The provider's page: a full page navigation, like the first time. */}
              <a href={group.paymentUrl} className={buttonClasses('primary')}>
                {m.continuePayment}
              </a>
              <CancelPaymentButton groupId={group.groupId} />
            </>
          ) : null}
          {!isWaiting ? (
            <Button variant="secondary" onClick={onRefresh}>
              {m.refresh}
            </Button>
          ) : null}
        </>
      }
    >
      {/* The bank's answer was lost: the card may be charged, so no new attempt is offered (decision 038). */}
      {group.isCheckingWithBank ? (
        <p role="status">{m.resultBankCheck}</p>
      ) : isWaiting ? (
        <p className="flex items-center justify-center gap-2">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700"
          />
          {m.resultChecking}
        </p>
      ) : (
        <p>{m.resultPendingSlow}</p>
      )}
      {group.paymentUrl ? <p>{m.resultPendingBody}</p> : null}
    </ResultPanel>
  );
}

function GroupResult({
  group,
  isWaiting,
  onRefresh,
}: {
  group: CheckoutGroupStatus;
  isWaiting: boolean;
  onRefresh: () => void;
}) {
  useSettlePendingPayment(group);
  switch (group.status) {
    case 'paid':
      return <PaidResult group={group} />;
    case 'payment_failed':
      return (
        <ResultPanel tone="error" title={m.resultFailedTitle} actions={<RetryActions />}>
          <p className="text-lg font-medium text-red-800">{group.failureMessage ?? m.errorFallback}</p>
          <p>{m.resultFailedBody}</p>
        </ResultPanel>
      );
    case 'expired':
      return (
        <ResultPanel tone="error" title={m.resultExpiredTitle} actions={<RetryActions />}>
          <p>{m.resultExpiredBody}</p>
        </ResultPanel>
      );
    case 'awaiting_payment':
      return <AwaitingResult group={group} isWaiting={isWaiting} onRefresh={onRefresh} />;
  }
}

/** /odeme/sonuc/:groupId: where the bank sends the buyer back; asks for the outcome until it is known. */
export function CheckoutResultPage() {
  const groupId = useParams().groupId ?? '';
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [hasTimedOut, setTimedOut] = useState(false);
  const group = useCheckoutGroup(groupId, startedAt);

  // Polling stops after a minute (result-polling.ts); the page then says so and offers a refresh.
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), RESULT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [startedAt]);

  const refresh = () => {
    setTimedOut(false);
    setStartedAt(Date.now());
    void group.refetch();
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <title>{`${m.title} | OptiStok`}</title>
      <QueryState
        query={group}
        pending={<LoadingScreen label={m.resultChecking} />}
        renderError={(error) => (
          <>
            <h1 className="mb-4 text-2xl font-bold text-brand-900 sm:text-3xl">{m.title}</h1>
            <QueryErrorAlert text={apiErrorMessage(error, m.resultLoadFailed)} onRetry={() => void group.refetch()} />
          </>
        )}
      >
        {(data) => <GroupResult group={data} isWaiting={!hasTimedOut} onRefresh={refresh} />}
      </QueryState>
    </div>
  );
}
