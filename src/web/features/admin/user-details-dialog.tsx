import { zodResolver } from '@hookform/resolvers/zod';
import { FileJson, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { messages } from '#shared/messages.tr.ts';
import { profileMessages } from '#shared/messages/account.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { roles } from '#shared/roles.ts';
import { forceResetUserBodySchema } from '#shared/schemas/account.ts';
import {
  changeRoleBodySchema,
  paymentAccountBodySchema,
  updateAdminUserBodySchema,
  type AdminUserDetail,
} from '#shared/schemas/admin.ts';
import { securityLogTypeLabel } from '#shared/messages/security-log.tr.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatCount, formatDate, formatDateTime } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { AdminQueryError, DetailRow } from '../../components/admin-page.tsx';
import { RoleBadge } from './badges.tsx';
import {
  downloadFile,
  useAdminUser,
  useAdminUserEvents,
  useChangeRole,
  useForceReset,
  useUpdatePaymentAccount,
  useUpdateUser,
} from './users-api.ts';
import { adminTexts as t } from './texts.ts';

const am = adminMessages;
const d = t.detail;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-5" aria-label={title}>
      <h3 className="mb-3 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function EditForm({ user }: { user: AdminUserDetail }) {
  const update = useUpdateUser(user.id);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(updateAdminUserBodySchema),
    defaultValues: { fullName: user.fullName, phone: user.phone ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(am.users.updated);
    } catch (error) {
      setServerFieldErrors(error, setError, ['fullName', 'phone']);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label={d.edit}>
      <ApiErrorAlert error={update.error} title={am.users.updateFailed} />
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={profileMessages.fullName}
          autoComplete="off"
          required
          error={formState.errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label={profileMessages.phone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? d.saving : d.save}
      </Button>
    </form>
  );
}

function PaymentAccountForm({ user }: { user: AdminUserDetail }) {
  const update = useUpdatePaymentAccount(user.id);
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(paymentAccountBodySchema),
    defaultValues: { iyzicoSubMerchantKey: user.iyzicoSubMerchantKey ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ iyzicoSubMerchantKey: values.iyzicoSubMerchantKey ?? '' });
      toast.success(am.users.paymentAccountSaved);
    } catch (error) {
      setServerFieldErrors(error, setError, ['iyzicoSubMerchantKey']);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label={d.paymentSection}>
      <ApiErrorAlert error={update.error} title={am.users.paymentAccountFailed} />
      <fieldset disabled={busy}>
        <TextField
          label={d.subMerchantKey}
          autoComplete="off"
          spellCheck={false}
          hint={d.subMerchantHint}
          error={formState.errors.iyzicoSubMerchantKey?.message}
          {...register('iyzicoSubMerchantKey')}
        />
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? d.saving : d.save}
      </Button>
    </form>
  );
}

function RoleForm({ user }: { user: AdminUserDetail }) {
  const change = useChangeRole(user.id);
  const { register, handleSubmit, formState, control, reset, setError } = useForm({
    resolver: zodResolver(changeRoleBodySchema),
    defaultValues: { newRole: user.role, reason: '' },
  });
  const newRole = useWatch({ control, name: 'newRole' });
  const unchanged = newRole === user.role;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(values);
      reset({ newRole: result.newRole, reason: '' });
      toast.success(am.roleChange.changed);
    } catch (error) {
      setServerFieldErrors(error, setError, ['newRole', 'reason']);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label={d.roleSection}>
      <ApiErrorAlert error={change.error} fallback={am.roleChange.failed} />
      <fieldset disabled={busy} className="space-y-3">
        <SelectField
          label={d.newRole}
          error={formState.errors.newRole?.message}
          hint={unchanged ? d.sameRoleHint : undefined}
          {...register('newRole')}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {messages.roles[role]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={d.reason}
          rows={2}
          maxLength={500}
          required
          hint={d.reasonHint}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
      </fieldset>
      <Button type="submit" disabled={busy || unchanged}>
        {busy ? d.changingRole : d.changeRole}
      </Button>
    </form>
  );
}

function ForceResetForm({ user }: { user: AdminUserDetail }) {
  const forceReset = useForceReset(user.id);
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(forceResetUserBodySchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await forceReset.mutateAsync(reason);
      reset({ reason: '' });
      toast.success(am.forceReset.done);
    } catch (error) {
      setServerFieldErrors(error, setError, ['reason']);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label={d.resetSection}>
      <p className="text-sm text-slate-600">{d.resetLead}</p>
      <ApiErrorAlert error={forceReset.error} fallback={am.forceReset.failed} />
      <TextAreaField
        label={d.reason}
        rows={2}
        maxLength={500}
        required
        disabled={busy}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? d.forcingReset : d.forceReset}
      </Button>
    </form>
  );
}

function UserEvents({ userId }: { userId: string }) {
  const events = useAdminUserEvents(userId);
  return (
    <QueryState
      query={events}
      renderError={(error) => <AdminQueryError error={error} message={am.security.loadFailed} />}
      isEmpty={(data) => data.length === 0}
      empty={<p className="text-slate-600">{am.security.empty}</p>}
    >
      {(data) => (
        <ul className="divide-y divide-slate-100 text-sm">
          {data.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="font-medium text-slate-900">{securityLogTypeLabel('security', event.type)}</span>
              <span className="text-slate-600">
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                {event.ip ? <span className="break-all"> · {event.ip}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function JsonButton({ user }: { user: AdminUserDetail }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadFile(`/api/admin/users/${encodeURIComponent(user.id)}/export.json`, 'kullanici.json');
    } catch (error) {
      toast.error(d.exportFailed, { description: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onClick()} disabled={busy}>
      <FileJson aria-hidden="true" className="size-4" />
      {d.exportJson}
    </Button>
  );
}

function UserDetails({ user }: { user: AdminUserDetail }) {
  const me = useSessionUser();
  const isMe = me?.id === user.id;
  const p = profileMessages;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <RoleBadge role={user.role} />
        <span className="font-mono text-sm text-slate-700">{user.storeNumber}</span>
        <span className="ml-auto">
          <JsonButton user={user} />
        </span>
      </div>
      <Section title={d.profile}>
        <dl className="divide-y divide-slate-100">
          <DetailRow label={p.fullName}>{user.fullName}</DetailRow>
          <DetailRow label={p.email}>{user.email}</DetailRow>
          <DetailRow label={p.phone}>{user.phone ?? p.notSpecified}</DetailRow>
          <DetailRow label={p.role}>
            <RoleBadge role={user.role} />
          </DetailRow>
          <DetailRow label={p.storeId}>
            <span className="font-mono">{user.storeNumber}</span>
          </DetailRow>
          <DetailRow label={p.publicHandle}>{user.publicHandle ? `@${user.publicHandle}` : p.notSpecified}</DetailRow>
          <DetailRow label={d.publicSlug}>{user.publicSlug ?? p.notSpecified}</DetailRow>
          <DetailRow label={p.memberSince}>{formatDate(user.createdAt)}</DetailRow>
          <DetailRow label={d.updatedAt}>{formatDateTime(user.updatedAt)}</DetailRow>
          <DetailRow label={d.lastSignIn}>
            {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : p.unknown}
          </DetailRow>
          <DetailRow label={d.activeSessions}>{formatCount(user.activeSessions)}</DetailRow>
          <DetailRow label={d.listingCount}>{formatCount(user.listingCount)}</DetailRow>
          <DetailRow label={d.status}>
            {user.banned ? t.users.banned : user.mustResetPassword ? t.users.mustReset : d.statusActive}
          </DetailRow>
        </dl>
      </Section>
      <Section title={d.edit}>
        <EditForm key={`${user.id}-${user.updatedAt}`} user={user} />
      </Section>
      <Section title={d.paymentSection}>
        <PaymentAccountForm key={`${user.id}-${user.iyzicoSubMerchantKey}`} user={user} />
      </Section>
      {isMe ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{d.selfNote}</p>
      ) : (
        <>
          <Section title={d.roleSection}>
            <RoleForm key={`${user.id}-${user.role}`} user={user} />
          </Section>
          <Section title={d.resetSection}>
            <ForceResetForm user={user} />
          </Section>
        </>
      )}
      <Section title={d.securityEvents}>
        <UserEvents userId={user.id} />
      </Section>
    </div>
  );
}

/** A user's details in a side sheet (full width on phones); the open user is ?user=<id>. */
export function UserDetailsDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const user = useAdminUser(userId);
  return (
    <Dialog.Root open={Boolean(userId)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col overflow-y-auto bg-white shadow-xl focus:outline-none"
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-bold break-words text-brand-900">
                {user.data?.fullName ?? d.title}
              </Dialog.Title>
              {user.data ? <p className="text-sm break-all text-slate-600">{user.data.email}</p> : null}
            </div>
            <Dialog.Close
              className="grid size-11 shrink-0 place-items-center rounded-lg hover:bg-slate-100"
              aria-label={d.close}
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div className="flex-1 px-4 py-5 sm:px-6">
            <QueryState query={user} renderError={(error) => <AdminQueryError error={error} message={d.loadFailed} />}>
              {(data) => <UserDetails user={data} />}
            </QueryState>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
