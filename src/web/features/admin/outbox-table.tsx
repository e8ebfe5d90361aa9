import { RotateCcw } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import type { OutboxEmail } from '#shared/schemas/admin.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { OutboxStatusBadge } from './badges.tsx';
import { useRetryEmail } from './system-api.ts';
import { adminTexts as t } from './texts.ts';

/** A mail an admin may send again: given up, or waiting after an error. */
export function isRetryable(email: OutboxEmail): boolean {
  return email.status === 'failed' || (email.status === 'pending' && email.lastError !== null);
}

export function RetryButton({ email }: { email: OutboxEmail }) {
  const retry = useRetryEmail();
  const onClick = async () => {
    try {
      await retry.mutateAsync(email.id);
      toast.success(adminMessages.outbox.retried);
    } catch (error) {
      toast.error(adminMessages.outbox.retryFailed, { description: apiErrorMessage(error) });
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void onClick()}
      disabled={retry.isPending}
      aria-label={`${t.system.retry}: ${email.subject} (${email.toAddress})`}
    >
      <RotateCcw aria-hidden="true" className="size-4" />
      {retry.isPending ? t.system.retrying : t.system.retry}
    </Button>
  );
}

/** Outbox e-mails as a list that reads well at 375 px and as columns on wider screens. */
export function OutboxTable({ emails, empty }: { emails: OutboxEmail[]; empty: string }) {
  if (emails.length === 0) return <p className="text-slate-600">{empty}</p>;
  const e = t.emailDebug;
  return (
    <ul className="divide-y divide-slate-100">
      {emails.map((email) => (
        <li key={email.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <OutboxStatusBadge status={email.status} />
              <span className="font-medium break-words text-slate-900">{email.subject}</span>
            </div>
            <p className="mt-1 break-all text-slate-600">
              {e.to}: {email.toAddress}
            </p>
            <p className="text-slate-500">
              <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time> · {e.attempts}: {email.attempts}{' '}
              · {e.template}: {email.template}
            </p>
            {email.lastError ? (
              <p className="mt-1 break-words text-red-700">
                {e.lastError}: {email.lastError}
              </p>
            ) : null}
          </div>
          {isRetryable(email) ? (
            <div className="shrink-0">
              <RetryButton email={email} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
