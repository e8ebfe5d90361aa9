import { lazy, Suspense } from 'react';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { AdminPageHeader } from '../../components/admin-page.tsx';

// The application management screen belongs to the applications feature.
const AdminApplicationsPage = lazy(async () => ({
  default: (await import('../../features/applications/admin-applications-page.tsx')).AdminApplicationsPage,
}));

/** /admin/applications inside the admin layout. */
export function ApplicationsRoute() {
  return (
    <div>
      <AdminPageHeader title={adminMessages.nav.applications} />
      <Suspense fallback={<LoadingScreen />}>
        <AdminApplicationsPage />
      </Suspense>
    </div>
  );
}
