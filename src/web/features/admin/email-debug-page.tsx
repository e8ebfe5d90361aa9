import { Mail, Paperclip, RefreshCw } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { messages } from '#shared/messages.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import {
  emailAttachmentTestFormSchema,
  emailTestBodySchema,
  type EmailAttachmentTestForm,
  type EmailAttachmentTestFormInput,
  type EmailTestBody,
  type EmailTestResult,
} from '#shared/schemas/admin.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { controlClasses, FieldShell, TextField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { OutboxStatusBadge } from './badges.tsx';
import { useEmailTests, useOutbox, useSendAttachmentTest, useSendTestEmail } from './system-api.ts';
import { OutboxTable } from './outbox-table.tsx';
import { adminTexts as t } from './texts.ts';

const d = adminMessages.emailDebug;
const e = t.emailDebug;

/** Toast for a finished test: delivered or queued is a success, an error a failure. */
function announce(result: EmailTestResult, kind: 'plain' | 'attachment') {
  const success = kind === 'plain' ? d.success : d.attachmentSuccess;
  const failure = kind === 'plain' ? d.failure : d.attachmentFailure;
  if (result.outcome === 'failure') toast.error(failure, { description: result.message });
  else toast.success(success, { description: result.message });
}

/** Client-side problems are also raised as the spec's titled toasts ("E-posta adresi gerekli"). */
function toastInvalid(errors: FieldErrors<{ email: string; file: unknown }>) {
  const email = errors.email?.message;
  const file = errors.file?.message;
  if (email) toast.error(d.emailRequiredTitle, { description: email });
  else if (file)
    toast.error(file === d.fileTooLarge ? d.attachmentFailure : d.fileRequiredTitle, { description: file });
}

function PlainTestForm({ defaultEmail }: { defaultEmail: string }) {
  const send = useSendTestEmail();
  const { register, handleSubmit, formState, setError } = useForm<EmailTestBody, unknown, { email: string }>({
    resolver: zodResolver(emailTestBodySchema),
    defaultValues: { email: defaultEmail },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      announce(await send.mutateAsync(email), 'plain');
    } catch (error) {
      setServerFieldErrors(error, setError, ['email']);
    }
  }, toastInvalid);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label={e.testSection}>
      <ApiErrorAlert error={send.error} title={d.error} />
      <TextField
        label={e.email}
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        disabled={busy}
        {...register('email')}
      />
      <Button type="submit" disabled={busy}>
        <Mail aria-hidden="true" className="size-4" />
        {busy ? e.sending : e.send}
      </Button>
    </form>
  );
}

function AttachmentTestForm({ defaultEmail }: { defaultEmail: string }) {
  const send = useSendAttachmentTest();
  const fileId = useId();
  const { control, register, handleSubmit, formState, setError, resetField } = useForm<
    EmailAttachmentTestFormInput,
    unknown,
    EmailAttachmentTestForm
  >({
    resolver: zodResolver(emailAttachmentTestFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const errors = formState.errors;
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ email, file }, event) => {
    // A file input cannot be emptied through React state: clear the element after a send.
    const input = (event?.target as HTMLFormElement | undefined)?.elements.namedItem('file');
    try {
      announce(await send.mutateAsync({ email, file: file as File }), 'attachment');
      resetField('file');
      if (input instanceof HTMLInputElement) input.value = '';
    } catch (error) {
      setServerFieldErrors(error, setError, ['email', 'file']);
    }
  }, toastInvalid);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label={e.attachmentSection}>
      <ApiErrorAlert error={send.error} title={d.attachmentError} />
      <TextField
        label={e.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        disabled={busy}
        {...register('email')}
      />
      <Controller
        control={control}
        name="file"
        render={({ field }) => (
          <FieldShell id={fileId} label={e.file} error={errors.file?.message} hint={e.fileHint}>
            <input
              ref={field.ref}
              id={fileId}
              name={field.name}
              type="file"
              className={`${controlClasses} file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900`}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
              disabled={busy}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
            />
          </FieldShell>
        )}
      />
      <Button type="submit" disabled={busy}>
        <Paperclip aria-hidden="true" className="size-4" />
        {busy ? e.sending : e.sendAttachment}
      </Button>
    </form>
  );
}

const outcomeBadge = {
  success: { colour: 'green', label: e.outcomeSuccess },
  failure: { colour: 'red', label: e.outcomeFailure },
  pending: { colour: 'amber', label: e.outcomePending },
} as const;

function ResultItem({ result }: { result: EmailTestResult }) {
  const badge = outcomeBadge[result.outcome];
  return (
    <li className="py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge colour={badge.colour}>{badge.label}</Badge>
        <span className="font-medium text-slate-900">
          {result.kind === 'attachment' ? e.kindAttachment : e.kindPlain}
        </span>
        <time dateTime={result.createdAt} className="ml-auto text-slate-500">
          {formatDateTime(result.createdAt)}
        </time>
      </div>
      <p className="mt-1 break-words text-slate-800">{result.message}</p>
      <p className="mt-0.5 break-all text-slate-600">
        {e.mailId}: <span className="font-mono">{result.id}</span> · {e.attachmentIncluded}:{' '}
        {result.attachmentIncluded ? t.yes : t.no}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer text-brand-700">{t.details}</summary>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-600">{e.to}</dt>
          <dd className="break-all">{result.toAddress}</dd>
          <dt className="text-slate-600">{e.subject}</dt>
          <dd>{result.subject}</dd>
          <dt className="text-slate-600">{e.status}</dt>
          <dd>
            <OutboxStatusBadge status={result.status} />
          </dd>
          <dt className="text-slate-600">{e.attempts}</dt>
          <dd>{result.attempts}</dd>
          <dt className="text-slate-600">{e.lastError}</dt>
          <dd className="break-words">{result.lastError ?? t.none}</dd>
          <dt className="text-slate-600">{e.transport}</dt>
          <dd>{result.transport ?? t.none}</dd>
          <dt className="text-slate-600">{e.messageId}</dt>
          <dd className="break-all">{result.messageId ?? t.none}</dd>
          <dt className="text-slate-600">{e.attachmentNames}</dt>
          <dd className="break-all">{result.attachmentNames.length ? result.attachmentNames.join(', ') : t.none}</dd>
          <dt className="text-slate-600">{e.createdAt}</dt>
          <dd>{formatDateTime(result.createdAt)}</dd>
          <dt className="text-slate-600">{e.sentAt}</dt>
          <dd>{result.sentAt ? formatDateTime(result.sentAt) : t.none}</dd>
        </dl>
      </details>
    </li>
  );
}

function Results() {
  const results = useEmailTests();
  return (
    <QueryState
      query={results}
      renderError={(error) => <AdminQueryError error={error} message={messages.common.unexpected} />}
      isEmpty={(data) => data.length === 0}
      empty={<p className="text-slate-600">{e.noResults}</p>}
    >
      {(data) => (
        <ol className="divide-y divide-slate-100" aria-live="polite" data-testid="email-test-results">
          {data.map((result) => (
            <ResultItem key={result.id} result={result} />
          ))}
        </ol>
      )}
    </QueryState>
  );
}

function OutboxCard() {
  const outbox = useOutbox();
  return (
    <Card
      title={e.outbox}
      actions={
        <Button variant="secondary" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw aria-hidden="true" className={`size-4 ${outbox.isFetching ? 'animate-spin' : ''}`} />
          {t.refresh}
        </Button>
      }
    >
      <QueryState
        query={outbox}
        renderError={(error) => <AdminQueryError error={error} message={t.system.loadFailed} />}
      >
        {(data) => <OutboxTable emails={data} empty={e.noOutbox} />}
      </QueryState>
    </Card>
  );
}

/** /email-debug: the internal e-mail and attachment test page (admins only). */
export function EmailDebugPage() {
  const me = useSessionUser();
  return (
    <div className="space-y-6">
      <AdminPageHeader title={e.title} lead={e.lead} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={e.testSection}>
          <PlainTestForm defaultEmail={me?.email ?? ''} />
        </Card>
        <Card title={e.attachmentSection}>
          <AttachmentTestForm defaultEmail={me?.email ?? ''} />
        </Card>
      </div>
      <Card title={e.results}>
        <Results />
      </Card>
      <OutboxCard />
    </div>
  );
}
