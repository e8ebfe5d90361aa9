import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { profileMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import { sellerReportMessages } from '#shared/messages/seller-reports.tr.ts';
import { statementMessages } from '#shared/messages/statements.tr.ts';
import { keepScroll } from '../../../lib/keep-scroll.ts';
import { AccountSettings } from '../../../features/account/account-settings.tsx';
import { ProfileView } from '../../../features/account/profile-page.tsx';
import { accountTexts } from '../../../features/account/texts.ts';
import {
  applySellerOrderFilters,
  sellerOrderFiltersFrom,
  type SellerOrderFilters,
} from '../../../features/orders/seller-order-filters.ts';
import { SellerOrders } from '../../../features/orders/seller-orders.tsx';
import { SellerReportsView } from '../../../features/seller-reports/seller-reports-view.tsx';
import { StatementView, statementMonths } from '../../../features/statements/statement-view.tsx';
import { UtsReportView } from '../../../features/uts/uts-report-view.tsx';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import { ListingsWorkspace, lowStockFilter, type FocusRequest } from '../seller-panel/listings-workspace.tsx';
import { storeDashboardTexts as t } from './texts.ts';

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <title>{`${title} | OptiStok`}</title>
      <div>
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 text-slate-600">{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** …/products: the product form and list of the seller panel; ?filter=low-stock lists only low stock. */
export function SellerProductsPage() {
  const [searchParams] = useSearchParams();
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const lowStockOnly = searchParams.get('filter') === lowStockFilter;
  return (
    <Section title={lowStockOnly ? t.lowStockTitle : t.productsTitle} lead={t.productsLead}>
      <ListingsWorkspace
        focusRequest={focusRequest}
        requestFocus={(target) => setFocusRequest((current) => ({ target, n: (current?.n ?? 0) + 1 }))}
        lowStockOnly={lowStockOnly}
      />
    </Section>
  );
}

/** …/orders: the seller panel's orders view; its filters (and ?view=pending) live in the address. */
export function SellerOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const changeFilters = (next: Partial<SellerOrderFilters>) =>
    setSearchParams((current) => applySellerOrderFilters(current, next), { replace: true, state: keepScroll });
  return (
    <Section title={t.ordersTitle} lead={t.ordersLead}>
      <SellerOrders filters={sellerOrderFiltersFrom(searchParams)} onFiltersChange={changeFilters} />
    </Section>
  );
}

/** …/reports: sales per month, best sellers, average order value and refund rate, with the CSV. */
export function SellerReportsPage() {
  return (
    <Section title={sellerReportMessages.title} lead={sellerReportMessages.lead}>
      <SellerReportsView />
    </Section>
  );
}

/** …/statements?month=yyyy-MM: the monthly statement (Aylık Hesap Özeti); this month unless the address names one. */
export function SellerStatementPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('month');
  const month = asked && statementMonths().includes(asked) ? asked : statementMonths()[0]!;
  return (
    <Section title={statementMessages.title} lead={statementMessages.lead}>
      <StatementView
        month={month}
        onMonthChange={(next) => setSearchParams({ month: next }, { replace: true, state: keepScroll })}
      />
    </Section>
  );
}

/** …/uts: the seller's ÜTS verme list of a month, its CSV and the "Bildirdim" ticks (decision 044). */
export function SellerUtsPage() {
  return (
    <Section title={utsMessages.page.vermeTitle} lead={utsMessages.page.vermeLead}>
      <UtsReportView side="verme" />
    </Section>
  );
}

/** …/settings: the account settings of the seller panel (switches, password, sessions). */
export function SellerSettingsPage() {
  return (
    <Section title={settingsMessages.title} lead={accountTexts.settingsLead}>
      <AccountSettings />
    </Section>
  );
}

/** …/profile: the member's own details with the edit form. */
export function SellerProfilePage() {
  return (
    <Section title={profileMessages.title}>
      <ProfileView />
    </Section>
  );
}
