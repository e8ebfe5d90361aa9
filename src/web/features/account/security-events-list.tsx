import { securityEventMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSecurityEvents } from './api.ts';
import { accountTexts } from './texts.ts';

const s = settingsMessages;

/** The last 10 security events of the account, newest first (the server's order). */
export function SecurityEventsList() {
  const events = useSecurityEvents();
  return (
    <Card title={s.securitySection}>
      {events.isPending ? (
        <LoadingScreen />
      ) : events.isError ? (
        <InlineAlert tone="error">{s.securityLoadFailed}</InlineAlert>
      ) : events.data.length === 0 ? (
        <p className="text-slate-600">{s.noSecurityEvents}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {events.data.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <span className="font-medium text-slate-900">{securityEventMessages[event.type] ?? event.type}</span>
              <span className="text-sm text-slate-600">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                {event.ip ? (
                  <>
                    {' · '}
                    <span className="sr-only">{accountTexts.ipAddress}: </span>
                    <span className="break-all">{event.ip}</span>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
