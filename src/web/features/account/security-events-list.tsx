import { settingsMessages } from '#shared/messages/account.tr.ts';
import { securityLogTypeLabel } from '#shared/messages/security-log.tr.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSecurityEvents } from './api.ts';
import { accountTexts } from './texts.ts';

const s = settingsMessages;

/** The last 10 security events of the account, newest first (the server's order). */
export function SecurityEventsList() {
  const events = useSecurityEvents();
  return (
    <Card title={s.securitySection}>
      <QueryState
        query={events}
        renderError={() => <InlineAlert tone="error">{s.securityLoadFailed}</InlineAlert>}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-slate-600">{s.noSecurityEvents}</p>}
      >
        {(list) => (
          <ul className="divide-y divide-slate-100">
            {list.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="font-medium text-slate-900">{securityLogTypeLabel('security', event.type)}</span>
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
      </QueryState>
    </Card>
  );
}
