import { Check, Eye, X } from 'lucide-react';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import type { ApplicationSummary } from '#shared/schemas/applications.ts';
import type { ApplicationStatus } from '#shared/status.ts';
import { Badge, type BadgeColour } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime } from '../../lib/format.ts';

const a = applicationMessages.admin;

const statusColour: Record<ApplicationStatus, BadgeColour> = { pending: 'amber', approved: 'green', rejected: 'red' };

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge colour={statusColour[status]}>{a.status[status]}</Badge>;
}

/** One application in the list, with its details, approve and reject buttons. */
export function ApplicationRow({
  application,
  onDetails,
  onApprove,
  onReject,
  busy,
}: {
  application: ApplicationSummary;
  onDetails: () => void;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="application-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{application.storeName}</h3>
          <p className="text-sm text-slate-600">
            {application.authorizedPerson} · {application.city}
          </p>
          <p className="break-all text-sm text-slate-600">{application.email}</p>
          <p className="mt-1 text-xs text-slate-500">
            <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onDetails} aria-label={`${a.details}: ${application.storeName}`}>
          <Eye aria-hidden="true" className="size-4" />
          {a.details}
        </Button>
        {application.status === 'pending' ? (
          <>
            <Button onClick={onApprove} disabled={busy} aria-label={`${a.approve}: ${application.storeName}`}>
              <Check aria-hidden="true" className="size-4" />
              {a.approve}
            </Button>
            <Button
              variant="secondary"
              onClick={onReject}
              disabled={busy}
              className="text-red-700"
              aria-label={`${a.reject}: ${application.storeName}`}
            >
              <X aria-hidden="true" className="size-4" />
              {a.reject}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
