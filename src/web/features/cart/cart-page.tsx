import { ArrowLeft, LogIn, ShoppingCart, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { CartQuote } from '#shared/schemas/checkout.ts';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryErrorAlert } from '../../components/ui/query-state.tsx';
import { fixCartLines, syncCartStock } from '../../lib/cart-quote.ts';
import { clearCart, useCartItems } from '../../lib/cart-store.ts';
import { formatKurus } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import type { FromState } from '../../lib/redirect-target.ts';
import { useSession } from '../../lib/session.ts';
import { useCartQuote } from './api.ts';
import { groupCartBySeller, linesWithProblems, type CartSellerGroup } from './cart-groups.ts';
import { CartLine } from './cart-line.tsx';
import { OrderSummary } from './order-summary.tsx';
import { StoreLink } from '../../components/store-link.tsx';

const t = tradingMessages.cart;

/** Signing in comes back to the cart, now with prices. */
const signInState: FromState = { from: paths.cart };

function sellerName(handle: string | null): string {
  return handle ? `@${handle}` : marketplaceMessages.unknownSeller;
}

/**
 * "Satıcı: @handle". The handle comes with the server's quote: until it answers (or when it
 * fails) the heading says only "Satıcı" rather than calling a known seller unknown.
 */
function groupTitle(group: CartSellerGroup): string {
  if (group.sellerId === null) return t.unknownSeller;
  const isQuoted = group.entries.some((entry) => entry.line !== undefined);
  if (!isQuoted && group.sellerHandle === null) return t.seller;
  return t.sellerGroup(sellerName(group.sellerHandle));
}

/** The group's shipping and how far it is from free shipping (the limit from the quote's settings). */
function GroupFooter({ group, settings }: { group: CartSellerGroup; settings: CartQuote['settings'] }) {
  const price = group.price;
  if (!price) return null;
  const freeFrom = settings.freeShippingFromKurus;
  return (
    <div className="space-y-1 border-t border-slate-200 pt-3 text-sm">
      <div className="flex justify-between gap-4">
        <span className="text-slate-600">{t.groupSubtotal}</span>
        <span className="font-medium text-slate-900 tabular-nums">{formatKurus(price.subtotalKurus)}</span>
      </div>
      <div className="flex justify-between gap-4">
        <span className="text-slate-600">{t.shipping}</span>
        <span className="font-medium text-slate-900 tabular-nums">
          {price.isFreeShipping ? t.freeShipping : formatKurus(price.shippingKurus)}
        </span>
      </div>
      {freeFrom > 0 ? (
        <p data-testid="free-shipping" className={price.isFreeShipping ? 'text-green-700' : 'text-slate-600'}>
          {price.isFreeShipping
            ? t.freeShippingReached
            : price.untilFreeShippingKurus !== null && price.untilFreeShippingKurus > 0
              ? t.untilFreeShipping(formatKurus(price.untilFreeShippingKurus))
              : null}
        </p>
      ) : null}
    </div>
  );
}

/** Column headings of the table-like layout from 768 px (cards below that label each value). */
function ColumnHeadings({ pricesVisible }: { pricesVisible: boolean }) {
  return (
    <div
      aria-hidden="true"
      className="hidden text-xs font-semibold tracking-wide text-slate-500 uppercase md:grid md:grid-cols-[minmax(0,1fr)_7rem_9.5rem_7rem_2.75rem] md:gap-3"
    >
      <span>{t.product}</span>
      <span className="text-right">{pricesVisible ? t.unitPrice : ''}</span>
      <span className="text-center">{t.quantity}</span>
      <span className="text-right">{pricesVisible ? t.lineTotal : ''}</span>
      <span />
    </div>
  );
}

function CartPageSkeletonSummary() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-5 w-full animate-pulse rounded bg-slate-200" />
      ))}
    </div>
  );
}

/** /sepet: the browser's cart, checked and priced by the server (spec part 2 §2, §5). */
export function CartPage() {
  const items = useCartItems();
  const session = useSession();
  const isSignedIn = Boolean(session.data?.user);
  const quote = useCartQuote(items);
  const navigate = useNavigate();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const data = quote.data;

  // The stored stock follows the server's, so the quantity controls and the store's refusals agree.
  useEffect(() => {
    if (data && !quote.isPlaceholderData) syncCartStock(data.lines);
  }, [data, quote.isPlaceholderData]);

  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t.title}</h1>
        <EmptyState
          icon={ShoppingCart}
          title={t.empty}
          body={t.emptyBody}
          action={<ButtonLink to={paths.marketplace}>{t.emptyLink}</ButtonLink>}
        />
      </div>
    );
  }

  const isLoading = quote.isPending;
  const isStale = quote.isPlaceholderData || (quote.isFetching && !isLoading);
  // Until the server answers, a signed-in member's prices are expected; a visitor's are not.
  const pricesVisible = data ? data.pricesVisible : isSignedIn;
  const groups = groupCartBySeller(items, data);
  const problems = linesWithProblems(items, quote.isPlaceholderData ? undefined : data);
  const canCheckout = isSignedIn && data !== undefined && !isStale && data.isReady && problems.length === 0;
  const unitCount = items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t.title}</h1>
        <p className="text-slate-600">{t.itemCount(unitCount)}</p>
      </div>

      <p role="status" aria-live="polite" className="sr-only">
        {quote.isFetching ? t.checking : ''}
      </p>

      {!isSignedIn && !session.isPending ? (
        <InlineAlert tone="info" className="mt-4">
          {t.signInForPrices}{' '}
          <Link to={paths.login} state={signInState} className="font-semibold underline underline-offset-2">
            {t.signIn}
          </Link>
        </InlineAlert>
      ) : null}

      {data?.isUtsNumberMissing ? (
        <InlineAlert tone="warning" className="mt-4">
          {utsMessages.noUtsNumberWarning}
        </InlineAlert>
      ) : null}

      {quote.isError ? (
        <div className="mt-4">
          <QueryErrorAlert text={t.quoteFailed} onRetry={() => void quote.refetch()} />
        </div>
      ) : null}

      {problems.length > 0 ? (
        <section
          aria-labelledby="cart-changes-title"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
        >
          <div>
            <h2 id="cart-changes-title" className="font-semibold text-amber-950">
              {t.changedTitle}
            </h2>
            <p className="text-sm text-amber-900">{t.changedBody}</p>
          </div>
          <Button variant="accent" onClick={() => fixCartLines(problems)}>
            {t.fixAll}
          </Button>
        </section>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="space-y-4">
          {groups.map((group) => (
            <section
              key={group.sellerId ?? 'unknown'}
              data-testid="cart-group"
              aria-label={groupTitle(group)}
              className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 className="font-semibold text-slate-900">
                {group.sellerHandle && group.sellerSlug ? (
                  <>
                    {t.seller}: <StoreLink handle={group.sellerHandle} slug={group.sellerSlug} fallback="" />
                  </>
                ) : (
                  groupTitle(group)
                )}
              </h2>
              <ColumnHeadings pricesVisible={pricesVisible} />
              <ul>
                {group.entries.map((entry) => (
                  <CartLine
                    key={entry.item.id}
                    entry={entry}
                    pricesVisible={pricesVisible}
                    pricesIncludeVat={data?.price?.isVatIncluded ?? data?.settings.pricesIncludeVat}
                    isQuoteLoading={isLoading}
                    isQuoteStale={isStale}
                  />
                ))}
              </ul>
              {data && pricesVisible ? <GroupFooter group={group} settings={data.settings} /> : null}
            </section>
          ))}
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={paths.marketplace} variant="secondary">
              <ArrowLeft aria-hidden="true" className="size-4" /> {t.continueShopping}
            </ButtonLink>
            <ConfirmDialog
              open={confirmingClear}
              onOpenChange={setConfirmingClear}
              trigger={
                <Button variant="ghost" className="text-red-700 hover:bg-red-50">
                  <Trash2 aria-hidden="true" className="size-4" /> {t.clear}
                </Button>
              }
              title={t.clearConfirmTitle}
              description={t.clearConfirmBody}
              cancelLabel={t.cancel}
              confirmLabel={t.clearConfirm}
              onConfirm={() => {
                clearCart();
                setConfirmingClear(false);
              }}
            />
          </div>
        </div>

        <aside
          aria-labelledby="cart-summary-title"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-24"
        >
          <h2 id="cart-summary-title" className="text-lg font-bold text-slate-900">
            {t.summary}
          </h2>
          {isLoading && isSignedIn ? <CartPageSkeletonSummary /> : null}
          {data?.price ? <OrderSummary price={data.price} isStale={isStale} /> : null}
          {data && data.settings.freeShippingFromKurus > 0 ? (
            <p className="text-sm text-slate-600">
              {t.freeShippingFrom(formatKurus(data.settings.freeShippingFromKurus))}
            </p>
          ) : null}
          {isSignedIn ? (
            <>
              <Button
                className="w-full"
                disabled={!canCheckout}
                aria-describedby={problems.length > 0 ? 'cart-not-ready' : undefined}
                onClick={() => void navigate(paths.checkout)}
              >
                {t.toCheckout}
              </Button>
              {problems.length > 0 ? (
                <p id="cart-not-ready" className="text-sm text-amber-900">
                  {t.notReady}
                </p>
              ) : null}
            </>
          ) : (
            <ButtonLink to={paths.login} state={signInState} className="w-full">
              <LogIn aria-hidden="true" className="size-4" /> {t.toCheckout}
            </ButtonLink>
          )}
        </aside>
      </div>
    </div>
  );
}
