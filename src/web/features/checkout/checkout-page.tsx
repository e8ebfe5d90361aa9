import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { Installments } from '#shared/pricing.ts';
import {
  deliveryAddressSchema,
  type CartQuote,
  type CheckoutProfile,
  type DeliveryAddress,
  type DeliveryAddressInput,
} from '#shared/schemas/checkout.ts';
import { BillingPartyList } from '../../components/billing-party.tsx';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ApiErrorAlert } from '../../components/ui/api-error.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryErrorAlert, QueryState } from '../../components/ui/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCartItems } from '../../lib/cart-store.ts';
import { formatKurus } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { CartChangedError, checkoutKeys, useCheckoutProfile, useCheckoutQuote, useSubmitCheckout } from './api.ts';
import {
  addressDefaultsOf,
  addressFieldErrorsOf,
  cartLinesOf,
  checkoutBodyOf,
  isAddressFilled,
} from './checkout-body.ts';
import { DeliveryAddressFields } from './delivery-address-fields.tsx';
import { attemptFor, isReservationOver, keepsAttempt, type CheckoutAttempt } from './idempotency.ts';
import { InstallmentOptions } from './installment-options.tsx';
import { OrderSummary } from './order-summary.tsx';
import { loadAttempt, rememberPendingPayment, saveAttempt } from './pending-payment.ts';
import { chargedFor, differencesOf, plansOf, summaryOf } from './summary.ts';
import { appNow } from '../../lib/app-clock.ts';

const c = tradingMessages.cart;
const m = tradingMessages.checkout;

function BillingDetails({ billing }: { billing: CheckoutProfile['billing'] }) {
  return (
    <Card title={m.billing} description={m.billingHint}>
      <BillingPartyList party={billing} />
      <Link
        to={paths.settings}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
      >
        {m.billingEdit}
      </Link>
    </Card>
  );
}

function PaymentMethod() {
  const name = useId();
  const walletHintId = useId();
  const cardHintId = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-3 text-lg font-semibold text-slate-900">{m.paymentMethod}</legend>
      <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-brand-500 bg-brand-50 px-3 py-2">
        <input
          type="radio"
          name={name}
          value="card"
          defaultChecked
          aria-describedby={cardHintId}
          className="size-4 accent-brand-700"
        />
        <span className="font-medium text-slate-900">{m.card}</span>
      </label>
      <p id={cardHintId} className="text-xs text-slate-600">
        {m.cardHint}
      </p>
      <label className="flex min-h-12 cursor-not-allowed items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-500">
        <input type="radio" name={name} value="wallet" disabled aria-describedby={walletHintId} className="size-4" />
        <span className="font-medium">{m.wallet}</span>
        <Badge colour="grey">{m.soon}</Badge>
      </label>
      <p id={walletHintId} className="sr-only">
        {m.walletHint}
      </p>
    </fieldset>
  );
}

function EscrowExplanation({ escrowDays, inspectionDays }: { escrowDays: number; inspectionDays: number }) {
  return (
    <section
      aria-labelledby="escrow-title"
      className="flex gap-3 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200 ring-inset"
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
      <div>
        <h2 id="escrow-title" className="font-semibold text-emerald-900">
          {m.escrowTitle}
        </h2>
        <p className="mt-1 text-sm text-emerald-900">
          <dfn className="font-semibold not-italic">{m.escrowTerm}</dfn>:{' '}
          {m.escrowDefinition(escrowDays, inspectionDays)} {m.escrowDispute}
        </p>
      </div>
    </section>
  );
}

/** The lines that no longer match the offers: shown plainly, fixed on the cart page. */
function CartDifferences({ quote }: { quote: CartQuote }) {
  const differences = differencesOf(quote);
  if (differences.length === 0) return null;
  return (
    <InlineAlert tone="error">
      <p className="font-semibold">{c.changedTitle}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {differences.map((difference) => (
          <li key={difference.listingId}>
            <span className="font-medium">{difference.title}:</span> {difference.texts.join(' ')}
          </li>
        ))}
      </ul>
      <p className="mt-2">{m.cartChangedBody}</p>
      <ButtonLink to={paths.cart} variant="secondary" className="mt-3">
        {m.editCart}
      </ButtonLink>
    </InlineAlert>
  );
}

function CheckoutForm({ profile }: { profile: CheckoutProfile }) {
  const queryClient = useQueryClient();
  const items = useCartItems();
  const lines = useMemo(() => cartLinesOf(items), [items]);
  const [installments, setInstallments] = useState<Installments>(1);
  const quote = useCheckoutQuote(lines, installments);
  const submit = useSubmitCheckout();
  const { register, handleSubmit, control, formState, setError } = useForm<
    DeliveryAddressInput,
    unknown,
    DeliveryAddress
  >({
    resolver: zodResolver(deliveryAddressSchema),
    defaultValues: addressDefaultsOf(profile),
  });
  const isFilled = isAddressFilled(useWatch({ control }));
  const attempt = useRef<CheckoutAttempt | null>(null);
  const isSending = useRef(false);
  const [isRedirecting, setRedirecting] = useState(false);
  const [changedAmount, setChangedAmount] = useState<{ from: number; to: number } | null>(null);
  const payHintId = useId();

  // Back from the card page, the browser may restore this page as it left it ("İşleniyor...").
  // It is usable again, and keeps its attempt: paying again replays the same order group.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const data = quote.data;
  const summary = data ? summaryOf(data) : null;
  const plans = plansOf(data);
  const expected = chargedFor(data, installments);
  // Never pay with figures of another cart or instalment (a placeholder shown while re-pricing).
  const isPriced = !!data && data.isReady && !quote.isPlaceholderData && expected !== null;
  const isBusy = submit.isPending || isRedirecting;
  const canPay = isFilled && isPriced && !isBusy;

  const pay = async (address: DeliveryAddress) => {
    if (isSending.current) return;
    if (lines.length === 0) {
      toast.error(m.emptyTitle, { description: m.emptyBody });
      return;
    }
    if (!isPriced || expected === null) return;
    const body = checkoutBodyOf({ lines, address, installments, expectedChargedKurus: expected });
    const keep = (next: CheckoutAttempt | null) => {
      attempt.current = next;
      saveAttempt(next);
      return next;
    };
    // The same submission keeps its key, also after coming back from the card page: replayed, not repeated.
    const current = attemptFor(attempt.current ?? loadAttempt(), body);
    keep(current);
    isSending.current = true;
    setChangedAmount(null);
    try {
      let result = await submit.mutateAsync({ body, idempotencyKey: current.key });
      if (isReservationOver(result, appNow().getTime())) {
        const fresh = attemptFor(null, body);
        keep(fresh);
        result = await submit.mutateAsync({ body, idempotencyKey: fresh.key });
      }
      setRedirecting(true);
      rememberPendingPayment({ groupId: result.groupId, listingIds: lines.map((line) => line.listingId) });
      // The provider's card page (and later the bank's 3-D Secure page): a full page navigation.
      window.location.assign(result.paymentUrl);
    } catch (error) {
      if (!keepsAttempt(error)) keep(null);
      if (error instanceof CartChangedError) {
        // Show the server's new figures; the buyer fixes the cart or accepts the new amount and pays again.
        queryClient.setQueryData(checkoutKeys.quote(lines, installments), error.quote);
        const to = chargedFor(error.quote, installments);
        if (error.quote.isReady && to !== null && to !== expected) setChangedAmount({ from: expected, to });
      } else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        for (const [field, message] of Object.entries(addressFieldErrorsOf(error.fields)))
          setError(field as keyof DeliveryAddressInput, { message });
      }
      // The error itself shows beside the pay button (submit.error).
    } finally {
      isSending.current = false;
    }
  };
  const onIncomplete = () => toast.error(m.missingTitle, { description: m.missingBody });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(pay, onIncomplete)(event)}
      className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] md:items-start lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
    >
      <div className="space-y-6">
        <Card title={m.deliveryAddress}>
          <fieldset disabled={isBusy}>
            <legend className="sr-only">{m.deliveryAddress}</legend>
            <DeliveryAddressFields register={register} errors={formState.errors} />
          </fieldset>
        </Card>
        <BillingDetails billing={profile.billing} />
        <Card>
          <PaymentMethod />
        </Card>
        <Card>
          <InstallmentOptions plans={plans} value={installments} onChange={setInstallments} disabled={isBusy} />
        </Card>
        <EscrowExplanation escrowDays={profile.escrowDays} inspectionDays={profile.inspectionDays} />
      </div>

      {/* Sticky below the header (two rows below lg); taller than the screen, it scrolls on its own. */}
      <aside
        aria-labelledby="summary-title"
        // Focusable so the keyboard can scroll it when it scrolls on its own.
        tabIndex={0}
        className="md:sticky md:top-36 md:max-h-[calc(100dvh-10rem)] md:overflow-y-auto lg:top-24 lg:max-h-[calc(100dvh-7rem)]"
      >
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="summary-title" className="text-lg font-semibold text-slate-900">
            {m.summary}
          </h2>
          {quote.isError && !data ? (
            <QueryErrorAlert text={m.quoteFailed} onRetry={() => void quote.refetch()} />
          ) : !data ? (
            <p role="status" className="text-sm text-slate-600">
              {c.checking}
            </p>
          ) : (
            <>
              <CartDifferences quote={data} />
              {data.isUtsNumberMissing ? (
                <InlineAlert tone="warning">{utsMessages.noUtsNumberWarning}</InlineAlert>
              ) : null}
              {changedAmount ? (
                <InlineAlert tone="info">
                  {m.amountChanged(formatKurus(changedAmount.from), formatKurus(changedAmount.to))}
                </InlineAlert>
              ) : null}
              {summary ? (
                <div aria-busy={quote.isPlaceholderData} className={quote.isPlaceholderData ? 'opacity-60' : ''}>
                  <OrderSummary summary={summary} />
                </div>
              ) : null}
            </>
          )}
          <ApiErrorAlert error={submit.error} title={m.errorTitle} fallback={m.errorFallback} />
          <Button
            type="submit"
            className="w-full"
            disabled={!canPay}
            aria-describedby={!isFilled ? payHintId : undefined}
          >
            <Lock aria-hidden="true" className="size-4" />
            {isBusy ? m.processing : m.pay}
          </Button>
          {!isFilled ? (
            <p id={payHintId} className="text-center text-xs text-slate-600">
              {m.payHint}
            </p>
          ) : null}
          {isRedirecting ? (
            <p role="status" className="text-center text-sm text-slate-600">
              {m.redirecting}
            </p>
          ) : null}
        </div>
      </aside>
    </form>
  );
}

/** /odeme: delivery address, billing, card with instalments, escrow, and the summary by seller (members only). */
export function CheckoutPage() {
  const items = useCartItems();
  const profile = useCheckoutProfile();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${m.title} | OptiStok`}</title>
      <h1 className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">{m.title}</h1>
      {items.length === 0 ? (
        <EmptyState
          icon={ShoppingCart}
          title={m.emptyTitle}
          body={m.emptyBody}
          action={<ButtonLink to={paths.marketplace}>{c.emptyLink}</ButtonLink>}
        />
      ) : (
        <QueryState query={profile} errorText={m.loadFailed}>
          {(data) => <CheckoutForm profile={data} />}
        </QueryState>
      )}
    </div>
  );
}
