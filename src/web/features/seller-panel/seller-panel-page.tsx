import { Package, Plus, ShoppingBag, Wallet } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../app/paths.ts';
import { AccountSettings } from '../account/account-settings.tsx';
import { sellerPanelTexts as t } from './texts.ts';

const tabs = ['listings', 'orders', 'transactions', 'settings'] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

const panelClass = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

/** /dashboard and /panel: the seller panel; the active tab lives in ?tab= (default listings). */
export function SellerPanelPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'listings';
  const onTabChange = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${messages.member.dashboard} | OptiStok`}</title>
      <h1 className="text-3xl font-bold text-brand-900">{messages.member.dashboard}</h1>
      <p className="mt-2 text-slate-600">{t.lead}</p>
      <Tabs.Root value={tab} onValueChange={onTabChange} className="mt-6">
        <Tabs.List aria-label={t.tabsLabel} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4">
          {tabs.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
            >
              {t.tabs[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="listings" className={`mt-6 ${panelClass}`}>
          <EmptyState
            icon={Package}
            title={t.noProductsTitle}
            body={t.noProductsBody}
            action={
              <ButtonLink to={paths.addProduct}>
                <Plus aria-hidden="true" className="size-4" />
                {messages.member.addProduct}
              </ButtonLink>
            }
          />
        </Tabs.Content>
        <Tabs.Content value="orders" className={`mt-6 ${panelClass}`}>
          <EmptyState icon={ShoppingBag} title={t.noOrdersTitle} body={t.noOrdersBody} />
        </Tabs.Content>
        <Tabs.Content value="transactions" className={`mt-6 ${panelClass}`}>
          <EmptyState icon={Wallet} title={t.noPendingPaymentsTitle} body={t.noPendingPaymentsBody} />
        </Tabs.Content>
        <Tabs.Content value="settings" className="mt-6">
          <AccountSettings />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
