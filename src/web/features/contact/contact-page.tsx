import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, Clock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { contactPageMessages } from '#shared/messages/contact.tr.ts';
import { createContactMessageBodySchema, type CreateContactMessageBody } from '#shared/schemas/contact.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { useSendContactMessage } from './api.ts';

const t = contactPageMessages;
const empty: CreateContactMessageBody = { name: '', email: '', phone: '', subject: '', message: '' };

export function ContactPage() {
  const [reference, setReference] = useState<string | null>(null);
  const send = useSendContactMessage();
  const form = useForm<CreateContactMessageBody>({
    resolver: zodResolver(createContactMessageBodySchema),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const receipt = await send.mutateAsync(values);
      setReference(receipt.reference);
      toast.success(t.successWithRef(receipt.reference));
      reset(empty);
    } catch (error) {
      setServerFieldErrors(error, setError, Object.keys(empty) as (keyof CreateContactMessageBody)[]);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-[1fr_2fr]">
      <title>İletişim | OptiStok</title>
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t.title}</h1>
        <p className="mt-3 text-slate-700">{t.lead}</p>
        <ul className="mt-6 space-y-3 text-slate-700">
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-5 text-brand-700" /> destek@optistok.com.tr
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-5 text-brand-700" /> Hafta içi 09:00–18:00
          </li>
        </ul>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {reference ? (
          <p role="status" className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-900">
            {t.successWithRef(reference)}
          </p>
        ) : null}
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t.title}>
          <ApiErrorAlert error={send.error} fallback={t.failure} />
          <fieldset disabled={busy} className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t.name} autoComplete="name" error={errors.name?.message} {...register('name')} />
              <TextField
                label={t.email}
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t.phone}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                error={errors.phone?.message}
                {...register('phone')}
              />
              <TextField label={t.subject} error={errors.subject?.message} {...register('subject')} />
            </div>
            <TextAreaField label={t.message} rows={6} error={errors.message?.message} {...register('message')} />
          </fieldset>
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? t.submitting : t.submit}
          </Button>
        </form>
      </div>
    </div>
  );
}
