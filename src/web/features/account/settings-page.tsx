import { settingsMessages } from '#shared/messages/account.tr.ts';
import { AccountSettings } from './account-settings.tsx';
import { accountTexts } from './texts.ts';

/** /settings: the same content as the seller panel's settings tab. */
export function SettingsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${settingsMessages.title} | OptiStok`}</title>
      <h1 className="text-3xl font-bold text-brand-900">{settingsMessages.title}</h1>
      <p className="mt-2 mb-6 text-slate-600">{accountTexts.settingsLead}</p>
      <AccountSettings />
    </div>
  );
}
