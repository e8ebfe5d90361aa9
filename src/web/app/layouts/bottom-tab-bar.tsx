import { Heart, Home, Search, Store } from 'lucide-react';
import { NavLink } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { paths } from '../../lib/paths.ts';

const t = messages.nav;

/** Mobile tab bar; Favoriler and Satış lead to /login for visitors. */
export function BottomTabBar({ isSignedIn }: { isSignedIn: boolean }) {
  const tabs = [
    { to: paths.home, label: t.tabHome, icon: Home },
    { to: paths.search, label: t.tabSearch, icon: Search },
    { to: isSignedIn ? paths.favourites : paths.login, label: t.tabFavourites, icon: Heart },
    { to: isSignedIn ? paths.dashboard : paths.login, label: t.tabSales, icon: Store },
  ];
  return (
    <nav
      aria-label={t.bottomNavLabel}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white md:hidden"
    >
      <ul className="grid grid-cols-4">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={label}>
            <NavLink
              to={to}
              end={to === paths.home}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs ${isActive ? 'text-brand-700' : 'text-slate-600'}`
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
