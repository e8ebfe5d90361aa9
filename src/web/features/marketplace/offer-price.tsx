import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { paths } from '../../lib/paths.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { formatKurus } from '../../lib/format.ts';
import { VatNote } from '../../components/vat-note.tsx';
import type { FromState } from '../../lib/redirect-target.ts';

const t = marketplaceMessages;

/** The sign-in page, coming back to this page afterwards. */
function useSignInTarget() {
  const location = useLocation();
  const state: FromState = { from: location.pathname + location.search };
  return { to: paths.login, state };
}

/** A visitor's "sign in to see prices" link, above the card's own link. */
export function SignInForPricesLink() {
  const signIn = useSignInTarget();
  return (
    <Link
      {...signIn}
      className="relative z-10 inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
    >
      <LogIn aria-hidden="true" className="size-4 shrink-0" />
      {t.pricesForMembers}
    </Link>
  );
}

/** The price a member pays (the discounted one) with the original struck through; visitors get the sign-in notice instead. */
export function OfferPrice({
  priceKurus,
  finalPriceKurus,
  discountPercent,
  size = 'md',
}: {
  priceKurus: number | null;
  finalPriceKurus: number | null;
  discountPercent: number | null;
  size?: 'md' | 'lg';
}) {
  if (finalPriceKurus === null || priceKurus === null) return <SignInForPricesLink />;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-brand-900 tabular-nums ${size === 'lg' ? 'text-2xl' : 'text-lg'}`}>
        {formatKurus(finalPriceKurus)}
      </span>
      <VatNote />
      {discountPercent ? (
        <s className="text-sm text-slate-500 tabular-nums">
          <span className="sr-only">{t.originalPrice}: </span>
          {formatKurus(priceKurus)}
        </s>
      ) : null}
    </p>
  );
}

/** The page-level notice for visitors: prices show after signing in. */
export function PricesForMembersNotice({ className = '' }: { className?: string }) {
  const signIn = useSignInTarget();
  return (
    <InlineAlert tone="info" className={className}>
      {t.pricesForMembers}{' '}
      <Link {...signIn} className="font-semibold underline underline-offset-2">
        {t.signInForPrices}
      </Link>
    </InlineAlert>
  );
}
