import { Glasses, Menu } from 'lucide-react';
import { lazy, Suspense, type RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { NAV_OPAQUE_AFTER_PX } from '#shared/constants.ts';
import { messages } from '#shared/messages.tr.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { useSession } from '../../lib/session.ts';
import { useScrolledPast } from '../../lib/use-scroll-past.ts';
import { paths } from '../../lib/paths.ts';
import { CartLink } from './cart-link.tsx';

const t = messages.nav;

/** Visitor navigation (spec part 1 §2): Ürün Ara, Hakkımızda, İletişim, Giriş Yap, B2B Kayıt. */
export const visitorNavLinks = [
  { to: paths.home, label: t.productSearch, end: true },
  { to: paths.about, label: t.about },
  { to: paths.contact, label: t.contact },
] as const;

/** Signed-in navigation (spec part 1 §2): /, /dashboard, /urunler, /profilim. */
export const memberNavLinks = [
  { to: paths.home, label: messages.member.home, end: true },
  { to: paths.dashboard, label: messages.member.dashboard },
  { to: paths.products, label: messages.member.products },
  { to: paths.profile, label: messages.member.profile },
] as const;

// The dropdown (and its positioning code) is only downloaded once someone is signed in.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));
// The bell too: its dropdown, polling and texts stay out of the landing page's bundle.
const NotificationBell = lazy(async () => ({
  default: (await import('../../features/notifications/notification-bell.tsx')).NotificationBell,
}));
// The messages link (and its unread count) likewise.
const MessagesHeaderLink = lazy(async () => ({
  default: (await import('../../features/messages/messages-link.tsx')).MessagesHeaderLink,
}));

// Tighter below xl: at 768 and 1024 px the links share the bar with the account menu and the cart.
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap xl:px-3 ${isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700'}`;

function VisitorNav() {
  return (
    <>
      {visitorNavLinks.map((link) => (
        <NavLink key={link.to} to={link.to} end={'end' in link} className={navLinkClass}>
          {link.label}
        </NavLink>
      ))}
      <Link
        to={paths.authLogin}
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700"
      >
        {t.login}
      </Link>
      <Link
        to={paths.authRegister}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t.register}
      </Link>
    </>
  );
}

export function Logo() {
  return (
    <Link
      to={paths.home}
      className="flex min-h-11 shrink-0 items-center gap-2 rounded-md font-bold text-brand-900"
      aria-label="OptiStok ana sayfa"
    >
      <span className="grid size-9 place-items-center rounded-lg bg-brand-700 text-white">
        <Glasses aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg tracking-tight">OptiStok</span>
    </Link>
  );
}

export function SiteHeader({
  onOpenMenu,
  menuButtonRef,
}: {
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const opaque = useScrolledPast(NAV_OPAQUE_AFTER_PX);
  const session = useSession();
  const user = session.data?.user ?? null;
  return (
    <header
      data-opaque={opaque}
      className={`sticky top-0 z-40 transition-colors duration-200 ${
        opaque ? 'border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur' : 'bg-slate-50/60'
      }`}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
        <Logo />
        {/* Members have more links, so their inline search waits for wider screens. */}
        {/* From lg up the search sits in the bar; below, under it (at 768 px the bar has no room beside the links). */}
        <div className="hidden min-w-0 flex-1 lg:block">
          <SearchForm
            placeholder={t.searchPlaceholder}
            label={t.searchLabel}
            submitLabel={t.searchSubmit}
            className="max-w-md"
          />
        </div>
        <nav aria-label={t.primaryNavLabel} className="ml-auto hidden items-center gap-1 md:flex">
          {session.isPending ? null : user ? (
            <>
              {memberNavLinks.map((link) => (
                <NavLink key={link.to} to={link.to} end={'end' in link} className={navLinkClass}>
                  {link.label}
                </NavLink>
              ))}
              <Suspense fallback={<span className="inline-block size-11" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <VisitorNav />
          )}
        </nav>
        {/* The cart is for everyone (visitors fill it too), at every width; messages and the bell for
            members. They come in left of the cart once the session is read, so nothing already shown moves. */}
        <div className="ml-auto flex shrink-0 items-center gap-3 md:ml-0">
          {user ? (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <MessagesHeaderLink />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <CartLink />
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
          aria-label={t.openMenu}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </div>
      <div className="px-4 pb-3 lg:hidden">
        <SearchForm placeholder={t.searchPlaceholder} label={t.searchLabel} submitLabel={t.searchSubmit} />
      </div>
    </header>
  );
}
