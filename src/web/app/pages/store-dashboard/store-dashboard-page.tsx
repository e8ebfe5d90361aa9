import {
  BarChart3,
  ChevronRight,
  FileText,
  Package,
  Settings,
  ShoppingBag,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { profileMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import { displayName, storeNumber } from '#shared/roles.ts';
import { dashboardTabPath, paths } from '../../../lib/paths.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { SellerOverview } from '../../../features/listings/seller-overview.tsx';
import { storeDashboardTexts as t } from './texts.ts';

const shortcuts: { to: string; label: string; body: string; icon: LucideIcon }[] = [
  { to: `${paths.storeDashboard}/products`, label: t.listings, body: t.listingsBody, icon: Package },
  { to: `${paths.storeDashboard}/orders`, label: t.orders, body: t.ordersBody, icon: ShoppingBag },
  { to: `${paths.storeDashboard}/reports`, label: t.reports, body: t.reportsBody, icon: BarChart3 },
  { to: `${paths.storeDashboard}/statements`, label: t.statements, body: t.statementsBody, icon: FileText },
  { to: dashboardTabPath('transactions'), label: t.transactions, body: t.transactionsBody, icon: Wallet },
  { to: `${paths.storeDashboard}/settings`, label: settingsMessages.title, body: t.settingsBody, icon: Settings },
  { to: `${paths.storeDashboard}/profile`, label: profileMessages.title, body: t.profileBody, icon: UserRound },
];

/** /store-dashboard: store owners' and admins' overview: the store's figures from the database and shortcuts. */
export function StoreDashboardPage() {
  const user = useSessionUser();
  return (
    <div className="space-y-6">
      <title>{`${t.title} | OptiStok`}</title>
      <section className="rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
        {user ? (
          <p className="mt-2 text-lg break-words">
            {messages.member.welcome(displayName(user))}
            <span className="mt-1 block text-sm text-brand-50">
              {profileMessages.storeId}: <span className="font-mono font-semibold">{storeNumber(user.id)}</span>
            </span>
          </p>
        ) : null}
        <p className="mt-2 max-w-2xl text-brand-50">{t.lead}</p>
      </section>
      <SellerOverview />
      <section aria-labelledby="store-shortcuts-title">
        <h2 id="store-shortcuts-title" className="mb-4 text-xl font-bold text-brand-900">
          {t.shortcutsTitle}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shortcuts.map(({ to, label, body, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{label}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{body}</span>
                </span>
                <ChevronRight aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
