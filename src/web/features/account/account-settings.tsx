import { messages } from '#shared/messages.tr.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { ActiveSessions } from './active-sessions.tsx';
import { useProfile } from './api.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PreferenceToggles } from './preference-toggles.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SecurityEventsList } from './security-events-list.tsx';
import { accountTexts } from './texts.ts';

const s = messages.settings;

function ProfileSection() {
  const profile = useProfile();
  return (
    <Card title={s.profileSection}>
      {profile.isPending ? (
        <LoadingScreen />
      ) : profile.isError ? (
        <InlineAlert tone="error">
          {accountTexts.profileLoadFailed}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
            {messages.errorScreens.retry}
          </button>
        </InlineAlert>
      ) : (
        // Keyed by the saved values, so a save elsewhere (the profile page) refreshes the form.
        <ProfileForm key={`${profile.data.fullName}|${profile.data.phone}`} user={profile.data} showAccountFields />
      )}
    </Card>
  );
}

/** The settings content: /settings and the seller panel's settings tab. */
export function AccountSettings() {
  return (
    <div className="space-y-6">
      <ProfileSection />
      <Card title={s.passwordSection}>
        <ChangePasswordForm />
      </Card>
      <PreferenceToggles />
      <ActiveSessions />
      <SecurityEventsList />
    </div>
  );
}
