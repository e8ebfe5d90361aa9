import { Tabs } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { messages } from '#shared/messages.tr.ts';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { AdminPageHeader } from '../../components/admin-page.tsx';
import { adminTexts as t } from '../../features/admin/texts.ts';
import { UsersPanel } from '../../features/admin/users-panel.tsx';

// Part A's application management, loaded only when its tab opens.
const AdminApplicationsPage = lazy(async () => ({
  default: (await import('../../features/applications/admin-applications-page.tsx')).AdminApplicationsPage,
}));

const tabs = ['users', 'applications'] as const;
type Tab = (typeof tabs)[number];

/** /user-management: the users and, in the second tab, the membership applications. */
export function UserManagementPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'applications' ? 'applications' : 'users';
  const onTabChange = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams();
        if (value === 'applications') next.set('tab', 'applications');
        else for (const key of ['q', 'role', 'page']) if (current.get(key)) next.set(key, current.get(key)!);
        return next;
      },
      { replace: true, state: keepScroll },
    );

  return (
    <div>
      <AdminPageHeader title={messages.member.userManagement} lead={t.users.lead} />
      <Tabs.Root value={tab} onValueChange={onTabChange}>
        <Tabs.List
          aria-label={t.users.tabsLabel}
          className="grid max-w-md grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
        >
          {tabs.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
            >
              {value === 'users' ? t.users.usersTab : t.users.applicationsTab}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users" className="mt-6">
          <UsersPanel />
        </Tabs.Content>
        <Tabs.Content value="applications" className="mt-6">
          <Suspense fallback={<LoadingScreen />}>{tab === 'applications' ? <AdminApplicationsPage /> : null}</Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
