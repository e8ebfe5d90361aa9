import { Download, Trash2, UserX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { toast } from '../../lib/toast.ts';
import { messages } from '#shared/messages.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { isRole, roles, type Role } from '#shared/roles.ts';
import type { AdminUser } from '#shared/schemas/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatDate } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { AdminQueryError, AdminSearchInput, Pagination } from '../../components/admin-page.tsx';
import { RoleBadge } from './badges.tsx';
import type { UserFilter } from './api.ts';
import { downloadFile, useAdminUsers, useBulkDeleteUsers, usersCsvUrl } from './users-api.ts';
import { adminTexts as t } from './texts.ts';
import { UserDetailsDialog } from './user-details-dialog.tsx';

const u = adminMessages.users;

function useUserFilter(): [
  UserFilter,
  (change: Partial<UserFilter> & { user?: string | null }) => void,
  string | null,
] {
  const [params, setParams] = useSearchParams();
  const role = params.get('role');
  const filter: UserFilter = {
    q: params.get('q') ?? '',
    role: isRole(role) ? role : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = useCallback(
    (change: Partial<UserFilter> & { user?: string | null }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === '' || value === null || value === undefined || (key === 'page' && value === 1))
              next.delete(key);
            else next.set(key, String(value));
          }
          // A new search or role starts again at page 1.
          if (('q' in change || 'role' in change) && !('page' in change)) next.delete('page');
          return next;
        },
        { replace: true, state: keepScroll },
      ),
    [setParams],
  );
  return [filter, update, params.get('user')];
}

/** Downloads the users CSV (UTF-8 with BOM) for the filter; used here and on the reports page. */
export function UsersCsvButton({ filter, label }: { filter: Pick<UserFilter, 'q' | 'role'>; label: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(usersCsvUrl(filter), 'kullanicilar.csv');
    } catch (error) {
      toast.error(t.users.exportFailed, { description: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onClick()} disabled={busy}>
      <Download aria-hidden="true" className="size-4" />
      {busy ? t.users.exporting : label}
    </Button>
  );
}

function BulkDeleteButton({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const remove = useBulkDeleteUsers();
  const [open, setOpen] = useState(false);
  const onConfirm = async () => {
    try {
      const result = await remove.mutateAsync(ids);
      toast.success(result.message, result.notes.length ? { description: result.notes.join(' ') } : undefined);
      onDone();
    } catch (error) {
      toast.error(u.deleteFailed, { description: apiErrorMessage(error) });
    } finally {
      setOpen(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0} className="text-red-700">
          <Trash2 aria-hidden="true" className="size-4" />
          {t.users.deleteSelected(ids.length)}
        </Button>
      }
      title={t.users.confirmDeleteTitle(ids.length)}
      description={t.users.confirmDeleteBody}
      cancelLabel={t.cancel}
      confirmLabel={remove.isPending ? t.users.deleting : t.users.confirmDelete}
      onConfirm={() => void onConfirm()}
      busy={remove.isPending}
    />
  );
}

function SelectAllCheckbox({
  users,
  selected,
  ownId,
  onChange,
}: {
  users: AdminUser[];
  selected: Set<string>;
  ownId: string | undefined;
  onChange: (ids: string[], checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const selectable = users.filter((user) => user.id !== ownId).map((user) => user.id);
  const count = selectable.filter((id) => selected.has(id)).length;
  const all = selectable.length > 0 && count === selectable.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-5 accent-brand-700"
      aria-label={t.users.selectAll}
      checked={all}
      disabled={selectable.length === 0}
      onChange={(event) => onChange(selectable, event.target.checked)}
    />
  );
}

const th = 'px-3 py-3 font-semibold';
const td = 'px-3 py-3 align-top';
const userColumn = dataColumns<AdminUser>();

/** The users table: selection, name and e-mail (role below it on phones), role, store, joined, details. */
function userColumns({
  users,
  selected,
  ownId,
  setChecked,
  openDetails,
}: {
  users: AdminUser[];
  selected: Set<string>;
  ownId: string | undefined;
  setChecked: (ids: string[], checked: boolean) => void;
  openDetails: (id: string) => void;
}) {
  return userColumn.columns([
    userColumn.display({
      id: 'select',
      header: () => <SelectAllCheckbox users={users} selected={selected} ownId={ownId} onChange={setChecked} />,
      cell: ({ row: { original: user } }) => {
        const isMe = user.id === ownId;
        return (
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            aria-label={
              isMe ? `${t.users.selectUser(user.fullName)} (${t.users.ownAccount})` : t.users.selectUser(user.fullName)
            }
            checked={selected.has(user.id)}
            disabled={isMe}
            title={isMe ? t.users.ownAccount : undefined}
            onChange={(event) => setChecked([user.id], event.target.checked)}
          />
        );
      },
      meta: { headerClassName: 'w-10 px-3 py-3', className: td },
    }),
    userColumn.display({
      id: 'user',
      header: t.users.columnUser,
      cell: ({ row: { original: user } }) => (
        <>
          <span className="block font-medium break-words text-slate-900">{user.fullName}</span>
          <span className="block text-slate-600 break-all">{user.email}</span>
          <span className="mt-1 flex flex-wrap gap-1 sm:hidden">
            <RoleBadge role={user.role} />
          </span>
          {user.banned ? <span className="mt-1 block text-xs text-red-700">{t.users.banned}</span> : null}
          {user.mustResetPassword ? (
            <span className="mt-1 block text-xs text-amber-800">{t.users.mustReset}</span>
          ) : null}
        </>
      ),
      meta: { headerClassName: th, className: `min-w-0 ${td}` },
    }),
    userColumn.accessor('role', {
      header: t.users.columnRole,
      cell: (info) => <RoleBadge role={info.getValue()} />,
      meta: { headerClassName: `hidden ${th} sm:table-cell`, className: `hidden ${td} sm:table-cell` },
    }),
    userColumn.accessor('storeNumber', {
      header: t.users.columnStore,
      meta: { headerClassName: `hidden ${th} lg:table-cell`, className: `hidden ${td} font-mono lg:table-cell` },
    }),
    userColumn.accessor('createdAt', {
      header: t.users.columnJoined,
      cell: (info) => <time dateTime={info.getValue()}>{formatDate(info.getValue())}</time>,
      meta: {
        headerClassName: `hidden ${th} md:table-cell`,
        className: `hidden ${td} whitespace-nowrap md:table-cell`,
      },
    }),
    userColumn.display({
      id: 'details',
      header: () => <span className="sr-only">{t.details}</span>,
      cell: ({ row: { original: user } }) => (
        <Button variant="ghost" onClick={() => openDetails(user.id)} aria-label={t.users.openDetailsOf(user.fullName)}>
          {t.users.openDetails}
        </Button>
      ),
      meta: { headerClassName: 'px-3 py-3', className: `${td} text-right` },
    }),
  ]);
}

/** The users tab: search, role filter, selection with bulk delete, CSV export and details. */
export function UsersPanel() {
  const [filter, update, openUserId] = useUserFilter();
  const users = useAdminUsers(filter);
  const me = useSessionUser();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // A new search or role filter starts a new selection: nobody out of sight is deleted by surprise.
  const filterKey = `${filter.q}\u0000${filter.role}`;
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (selectionKey !== filterKey) {
    setSelectionKey(filterKey);
    setSelected(new Set());
  }
  const onSearch = useCallback((q: string) => update({ q }), [update]);

  const setChecked = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <AdminSearchInput
          label={t.users.searchLabel}
          placeholder={t.users.searchPlaceholder}
          value={filter.q}
          onChange={onSearch}
        />
        <div className="sm:w-48">
          <SelectField
            label={t.users.roleFilter}
            value={filter.role}
            onChange={(event) => update({ role: event.target.value as Role | '' })}
          >
            <option value="">{t.users.allRoles}</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {messages.roles[role]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <BulkDeleteButton ids={[...selected]} onDone={() => setSelected(new Set())} />
        <UsersCsvButton filter={filter} label={t.users.exportCsv} />
        <span className="text-sm text-slate-600" aria-live="polite">
          {selected.size > 0 ? t.users.selectedCount(selected.size) : ''}
        </span>
      </div>

      <QueryState
        query={users}
        renderError={(error) => <AdminQueryError error={error} message={u.loadFailed} />}
        isEmpty={(data) => data.users.length === 0}
        empty={
          <div className="rounded-2xl border border-slate-200 bg-white">
            <EmptyState icon={UserX} title={u.empty} body={filter.q ? `"${filter.q}"` : ''} />
          </div>
        }
      >
        {(data) => (
          <>
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <DataTable
                data={data.users}
                columns={userColumns({
                  users: data.users,
                  selected,
                  ownId: me?.id,
                  setChecked,
                  openDetails: (id) => update({ user: id }),
                })}
                getRowId={(user) => user.id}
                caption={t.users.usersTab}
                headClassName="border-b border-slate-200 bg-slate-50 text-slate-600"
                rowClassName={(user) => (selected.has(user.id) ? 'bg-brand-50' : undefined)}
              />
            </div>
            <Pagination
              page={data.page}
              pageCount={data.pageCount}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        )}
      </QueryState>
      <UserDetailsDialog userId={openUserId} onClose={() => update({ user: null })} />
    </div>
  );
}
