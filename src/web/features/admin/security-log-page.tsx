import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { securityEventMessages } from '#shared/messages/account.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { roleLabel } from '#shared/roles.ts';
import { securityEventReasonLabel, securityLogTypeLabel } from '#shared/messages/security-log.tr.ts';
import type { SecurityLogEntry } from '#shared/schemas/admin.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError, AdminSearchInput, Pagination } from '../../components/admin-page.tsx';
import { useSecurityLog, type SecurityLogFilter } from './api.ts';
import { adminTexts as t } from './texts.ts';

const s = t.security;

/** The few facts of an entry worth a line: role change, reason, recipient, count ... */
function summary(entry: SecurityLogEntry): string | null {
  const d = entry.details;
  const parts: string[] = [];
  if (typeof d.oldRole === 'string' && typeof d.newRole === 'string')
    parts.push(t.roleChangeLine(roleLabel(d.oldRole), roleLabel(d.newRole)));
  if (typeof d.reason === 'string') parts.push(`${t.reasonLabel}: ${securityEventReasonLabel(d.reason)}`);
  if (typeof d.to === 'string') parts.push(d.to);
  if (typeof d.count === 'number') parts.push(`${d.count}`);
  if (typeof d.email === 'string' && !entry.targetLabel) parts.push(d.email);
  return parts.length ? parts.join(' · ') : null;
}

function useLogFilter(): [SecurityLogFilter, (change: Partial<SecurityLogFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: SecurityLogFilter = {
    q: params.get('q') ?? '',
    type: params.get('type') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = useCallback(
    (change: Partial<SecurityLogFilter>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in change)) next.delete('page');
          return next;
        },
        { replace: true, state: keepScroll },
      ),
    [setParams],
  );
  return [filter, update];
}

/** /admin/security: every admin action and security event, searchable, newest first. */
export function SecurityLogPage() {
  const [filter, update] = useLogFilter();
  const log = useSecurityLog(filter);
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  return (
    <div>
      <AdminPageHeader title={s.title} lead={s.lead} />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminSearchInput
          label={s.searchLabel}
          placeholder={s.searchPlaceholder}
          value={filter.q}
          onChange={onSearch}
        />
        <div className="sm:w-64">
          <SelectField
            label={s.typeFilter}
            value={filter.type}
            onChange={(event) => update({ type: event.target.value })}
          >
            <option value="">{s.allTypes}</option>
            <option value="admin">{s.adminOnly}</option>
            <option value="security">{s.securityOnly}</option>
            <optgroup label={s.actionsGroup}>
              {Object.entries(adminMessages.actions).map(([type, label]) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </optgroup>
            <optgroup label={s.eventsGroup}>
              {Object.entries(securityEventMessages).map(([type, label]) => (
                <option key={type} value={type}>
                  {label}
                </option>
              ))}
            </optgroup>
          </SelectField>
        </div>
      </div>
      <QueryState
        query={log}
        renderError={(error) => <AdminQueryError error={error} message={adminMessages.security.loadFailed} />}
        isEmpty={(data) => data.entries.length === 0}
        empty={
          <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">
            {filter.q || filter.type ? s.empty : adminMessages.security.empty}
          </p>
        }
      >
        {(data) => (
          <>
            <ol
              className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
              data-testid="security-log"
            >
              {data.entries.map((entry) => {
                const line = summary(entry);
                return (
                  <li
                    key={`${entry.source}-${entry.id}`}
                    className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4"
                  >
                    <time dateTime={entry.createdAt} className="text-sm text-slate-500 tabular-nums">
                      {formatDateTime(entry.createdAt)}
                    </time>
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge colour={entry.source === 'admin' ? 'blue' : 'grey'}>
                          {entry.source === 'admin' ? s.sourceAdmin : s.sourceSecurity}
                        </Badge>
                        <span className="font-medium text-slate-900">
                          {securityLogTypeLabel(entry.source, entry.type)}
                        </span>
                      </div>
                      <p className="mt-1 text-sm break-words text-slate-700">
                        <span className="sr-only">{s.columnActor}: </span>
                        {entry.actorName ? `${entry.actorName} <${entry.actorEmail}>` : s.system}
                        {entry.targetLabel ? (
                          <>
                            {' → '}
                            <span className="sr-only">{s.columnTarget}: </span>
                            {entry.targetLabel}
                          </>
                        ) : null}
                        {entry.ip ? (
                          <>
                            {' · '}
                            <span className="sr-only">{s.columnIp}: </span>
                            <span className="break-all">{entry.ip}</span>
                          </>
                        ) : null}
                      </p>
                      {line ? <p className="mt-0.5 text-sm break-words text-slate-600">{line}</p> : null}
                      {Object.keys(entry.details).length ? (
                        <details className="mt-1 text-sm">
                          <summary className="cursor-pointer text-brand-700">{t.details}</summary>
                          <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap text-slate-700">
                            {JSON.stringify(entry.details, null, 2)}
                          </pre>
                        </details>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ol>
            <Pagination
              page={data.page}
              pageCount={data.pageCount}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
