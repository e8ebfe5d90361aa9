import { LogOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { accountName, roleLabel } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { AvatarInitial } from '../../components/ui/avatar.tsx';
import { SheetHeader } from '../../components/ui/sheet-header.tsx';
import { useSession } from '../../lib/session.ts';
import { useLogout } from '../../features/auth/use-logout.ts';
import { UnreadMessagesBadge } from '../../features/messages/messages-link.tsx';
import { UnreadCountBadge } from '../../features/notifications/unread-count-badge.tsx';
import { categoryLinks, categoryPath, paths } from '../../lib/paths.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { useCartUnitCount } from './cart-link.tsx';

const t = messages.nav;

const mainLinks = [
  { to: paths.home, label: t.tabHome },
  { to: paths.search, label: t.productSearch },
  { to: paths.about, label: t.about },
  { to: paths.contact, label: t.contact },
];
const categoryMenuLinks = categoryLinks.map((c) => ({ to: categoryPath(c.id), label: c.label }));
const accountLinks = [
  { to: paths.orders, label: t.myOrders },
  { to: paths.favourites, label: t.favourites },
  { to: paths.dashboard, label: t.sellerPanel },
];
const visitorLinks = [
  { to: paths.login, label: t.login },
  { to: paths.register, label: t.registerLong },
];

const linkClass = 'block rounded-lg px-3 py-2.5 text-base text-slate-800 hover:bg-slate-100';

function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <ul className="space-y-1">{children}</ul>
    </div>
  );
}

function MenuLinks({ links, onNavigate }: { links: { to: string; label: string }[]; onNavigate: () => void }) {
  return links.map((link) => (
    <li key={link.to}>
      <Link to={link.to} onClick={onNavigate} className={linkClass}>
        {link.label}
      </Link>
    </li>
  ));
}

function ProfileSummary({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const name = accountName(user);
  return (
    <Link
      to={paths.profile}
      onClick={onNavigate}
      className="flex items-center gap-3 border-b border-slate-200 px-4 py-4 hover:bg-slate-50"
    >
      <AvatarInitial name={name} />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900">{name}</span>
        <span className="block text-sm text-slate-600">{roleLabel(user.role)}</span>
      </span>
    </Link>
  );
}

/**
 * Slide-in menu, 90vw. Radix Dialog gives the behaviour the spec asks for: it closes on Escape,
 * on the backdrop and on its close button, traps focus and locks page scroll while open;
 * each link closes it too. Its opener is not a Radix trigger, so focus is handed back to it by hand.
 */
export function MobileMenu({
  open,
  onOpenChange,
  returnFocusRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const user = useSession().data?.user ?? null;
  const { logout, isPending } = useLogout();
  const cartCount = useCartUnitCount();
  const close = () => onOpenChange(false);
  const onLogout = () => {
    close();
    void logout();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="mobile-menu-backdrop" className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[90vw] max-w-sm flex-col overflow-y-auto bg-white shadow-xl"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
        >
          <SheetHeader title="OptiStok" closeLabel={t.closeMenu} />
          {user ? <ProfileSummary user={user} onNavigate={close} /> : null}
          <nav aria-label={t.mainMenu} className="flex-1 space-y-6 px-4 py-4">
            <MenuSection title={t.mainMenu}>
              <MenuLinks links={mainLinks} onNavigate={close} />
              <li>
                <Link
                  to={paths.cart}
                  onClick={close}
                  aria-label={messages.nav.cartBadge(cartCount)}
                  className={`${linkClass} flex items-center justify-between`}
                >
                  {tradingMessages.cart.title}
                  {cartCount > 0 ? (
                    <span
                      aria-hidden="true"
                      className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums"
                    >
                      {cartCount}
                    </span>
                  ) : null}
                </Link>
              </li>
            </MenuSection>
            <MenuSection title={t.categories}>
              <MenuLinks links={categoryMenuLinks} onNavigate={close} />
            </MenuSection>
            {user ? (
              <MenuSection title={t.account}>
                <MenuLinks links={accountLinks} onNavigate={close} />
                <li>
                  <Link to={paths.messages} onClick={close} className={`${linkClass} flex items-center gap-2`}>
                    {t.messages}
                    <UnreadMessagesBadge />
                  </Link>
                </li>
                <li>
                  <Link to={paths.notifications} onClick={close} className={`${linkClass} flex items-center gap-2`}>
                    {t.notifications}
                    <UnreadCountBadge enabled />
                  </Link>
                </li>
                <li>
                  <button
                    type="button"
                    onClick={onLogout}
                    disabled={isPending}
                    className={`${linkClass} flex w-full items-center gap-2 text-left text-red-700`}
                  >
                    <LogOut aria-hidden="true" className="size-5" />
                    {t.logout}
                  </button>
                </li>
              </MenuSection>
            ) : (
              <MenuSection title={t.accountActions}>
                <MenuLinks links={visitorLinks} onNavigate={close} />
              </MenuSection>
            )}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
