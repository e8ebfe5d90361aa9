import { LogOut, Monitor, ShieldOff } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { profileMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import type { ActiveSession } from '#shared/schemas/account.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { paths } from '../../lib/paths.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useActiveSessions, useRevokeAllSessions, useRevokeOtherSessions } from './api.ts';
import { accountTexts } from './texts.ts';
import { describeDevice } from './user-agent.ts';

const s = settingsMessages;

const failureText = (error: unknown) => accountTexts.sessionActionFailed + apiErrorMessage(error);

function SessionRow({ session }: { session: ActiveSession }) {
  return (
    <li className="flex items-start gap-3 py-3">
      <Monitor aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-words">{describeDevice(session.userAgent)}</span>
          {session.current ? <Badge colour="green">{s.currentSession}</Badge> : null}
        </p>
        <dl className="mt-1 grid gap-x-4 text-sm text-slate-600 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex gap-1">
            <dt>{accountTexts.ipAddress}:</dt>
            <dd className="break-all">{session.ipAddress ?? profileMessages.unknown}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{accountTexts.sessionStarted}:</dt>
            <dd>{formatDateTime(session.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{s.lastSeen}:</dt>
            <dd>{formatDateTime(session.lastActiveAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>{accountTexts.sessionExpires}:</dt>
            <dd>{formatDateTime(session.expiresAt)}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/** The account's open sessions, with "sign out the others" and "sign out everywhere". */
export function ActiveSessions() {
  const navigate = useNavigate();
  const sessions = useActiveSessions();
  const revokeOthers = useRevokeOtherSessions();
  const revokeAll = useRevokeAllSessions({ leave: () => navigate(paths.login, { replace: true }) });

  const onRevokeOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: () => toast.success(s.othersSignedOut),
      onError: (error) => toast.error(failureText(error)),
    });
  const onRevokeAll = async () => {
    try {
      await revokeAll.mutateAsync();
      toast.success(accountTexts.allSignedOut);
    } catch (error) {
      toast.error(failureText(error));
    }
  };

  const hasOthers = sessions.data?.some((session) => !session.current) ?? false;
  const busy = revokeOthers.isPending || revokeAll.isPending;
  return (
    <Card title={s.sessionsSection} description={s.sessionsLead}>
      <QueryState query={sessions} errorText={accountTexts.sessionsLoadFailed}>
        {(list) => (
          <ul className="divide-y divide-slate-100">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </QueryState>
      {sessions.isSuccess && !hasOthers ? (
        <p className="mt-2 text-sm text-slate-600">{accountTexts.noOtherSessions}</p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onRevokeOthers} disabled={busy || !hasOthers}>
          <ShieldOff aria-hidden="true" className="size-4" />
          {s.signOutOthers}
        </Button>
        <Button variant="secondary" onClick={() => void onRevokeAll()} disabled={busy} className="text-red-700">
          <LogOut aria-hidden="true" className="size-4" />
          {s.signOutEverywhere}
        </Button>
      </div>
    </Card>
  );
}
