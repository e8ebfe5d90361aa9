import { Heart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { paths } from '../../lib/paths.ts';
import type { FromState } from '../../lib/redirect-target.ts';
import { useSessionUser } from '../../lib/session.ts';
import { useFavouriteIds, useToggleFavourite } from './favourites-api.ts';

const t = marketplaceMessages.favourites;

const base =
  'z-10 grid size-11 shrink-0 place-items-center rounded-full border bg-white/95 shadow-sm transition-colors';

/**
 * The heart of a product: members toggle the favourite; visitors are sent to sign in, told why, and
 * brought back. It stacks above a card's covering link; `className` places it (relative by default).
 */
export function FavouriteButton({ productId, className = 'relative' }: { productId: string; className?: string }) {
  const user = useSessionUser();
  const location = useLocation();
  const ids = useFavouriteIds();
  const toggle = useToggleFavourite();
  if (!user) {
    const state: FromState = { from: location.pathname + location.search, reason: 'favourite' };
    return (
      <Link
        to={paths.login}
        state={state}
        aria-label={t.add}
        className={`${base} border-slate-200 text-slate-500 hover:text-red-600 ${className}`}
      >
        <Heart aria-hidden="true" className="size-5" />
      </Link>
    );
  }
  const isFavourite = ids.data?.has(productId) ?? false;
  return (
    <button
      type="button"
      // A toggle keeps one name; aria-pressed tells its state (the tooltip says what a click does).
      aria-pressed={isFavourite}
      aria-label={t.add}
      title={isFavourite ? t.remove : t.add}
      disabled={ids.isPending}
      onClick={() => toggle.mutate({ productId, favourite: !isFavourite })}
      className={`${base} ${isFavourite ? 'border-red-200 text-red-600' : 'border-slate-200 text-slate-500 hover:text-red-600'} disabled:opacity-60 ${className}`}
    >
      <Heart aria-hidden="true" className="size-5" fill={isFavourite ? 'currentColor' : 'none'} />
    </button>
  );
}
