import { toast } from '../../lib/toast.ts';
import { settingsMessages } from '#shared/messages/account.tr.ts';
import { notificationSettingKeys, storeSettingKeys, type UserSettings } from '#shared/schemas/account.ts';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { useSettings, useUpdateSettings } from './api.ts';
import { accountTexts } from './texts.ts';

const s = settingsMessages;
type SettingKey = keyof UserSettings;

// One toast id each: flipping several switches quickly replaces the toast instead of stacking them.
const onSaved = () => toast.success(s.saved, { id: 'settings-saved' });
const onFailed = () => toast.error(s.saveFailed, { id: 'settings-failed' });

function ToggleGroup({
  title,
  keys,
  settings,
  onChange,
}: {
  title: string;
  keys: readonly SettingKey[];
  settings: UserSettings;
  onChange: (key: SettingKey, value: boolean) => void;
}) {
  return (
    <Card title={title}>
      <div className="divide-y divide-slate-100">
        {keys.map((key) => {
          // No SMS provider yet: shown off and disabled rather than a switch that pretends.
          const isComingSoon = key === 'smsNotifications';
          return (
            <SwitchField
              key={key}
              label={s.toggles[key].label}
              hint={s.toggles[key].hint}
              checked={isComingSoon ? false : settings[key]}
              disabled={isComingSoon}
              tag={isComingSoon ? s.comingSoon : undefined}
              onCheckedChange={(value) => onChange(key, value)}
            />
          );
        })}
      </div>
    </Card>
  );
}

/** The six store and notification switches; each change is saved at once. */
export function PreferenceToggles() {
  const settings = useSettings();
  const update = useUpdateSettings({ onSaved, onFailed });

  return (
    <QueryState query={settings} errorText={accountTexts.settingsLoadFailed}>
      {(data) => {
        const onChange = (key: SettingKey, value: boolean) => update.mutate({ ...data, [key]: value });
        return (
          <>
            <ToggleGroup title={s.storeSection} keys={storeSettingKeys} settings={data} onChange={onChange} />
            <ToggleGroup
              title={s.notificationSection}
              keys={notificationSettingKeys}
              settings={data}
              onChange={onChange}
            />
          </>
        );
      }}
    </QueryState>
  );
}
