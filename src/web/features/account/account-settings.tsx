import { settingsMessages } from '#shared/messages/account.tr.ts';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ActiveSessions } from './active-sessions.tsx';
import { BillingProfileSection } from './billing-profile-form.tsx';
import { useProfile } from './api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PreferenceToggles } from './preference-toggles.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecurityEventsList } from './security-events-list.tsx';
import { accountTexts } from './texts.ts';

const s = settingsMessages;

function ProfileSection() {
  const profile = useProfile();
  return (
    <Card title={s.profileSection}>
      <QueryState query={profile} errorText={accountTexts.profileLoadFailed}>
        {(user) => (
          // Keyed by the saved values, so a save elsewhere (the profile page) refreshes the form.
          <ProfileForm key={`${user.fullName}|${user.phone}`} user={user} showAccountFields />
        )}
      </QueryState>
    </Card>
  );
}

/** The settings content: /settings and the seller panel's settings tab. */
export function AccountSettings() {
  return (
    <div className="space-y-6">
      <ProfileSection />
      <BillingProfileSection />
      <Card title={s.passwordSection}>
        <ChangePasswordForm />
      </Card>
      <PreferenceToggles />
      <ActiveSessions />
      <SecurityEventsList />
    </div>
  );
}
