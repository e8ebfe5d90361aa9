import { ArrowLeft, CheckCircle2, Glasses } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import { provinces } from '#shared/provinces.ts';
import {
  APPLICANT_TYPE,
  APPLICATION_FILE_MAX_BYTES,
  APPLICATION_FILE_MAX_BYTES_SMALL,
  applicationFieldErrors,
  applicationProblems,
  detectFileType,
  emptyApplicationForm,
  fileSizeProblem,
  fileTypeByName,
  isApplicationFormValid,
  isValidApplicationEmail,
  isValidApplicationPhone,
  isValidTaxNumber,
  isValidUtsNumber,
  liveMissingFields,
  submitMissingFields,
  type ApplicationFormValues,
} from '#shared/schemas/applications.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { ButtonLink, Button } from '../../components/ui/button.tsx';
import { controlClasses, describedBy, FieldShell, TextAreaField, TextField } from '../../components/ui/form-field.tsx';
import { paths } from '../../lib/paths.ts';
import { submitApplication } from './api.ts';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { applicationOutcome } from './outcome.ts';

const m = applicationMessages;
const f = m.fields;
/** Spec part 1 §9: the store name is focused 100 ms after the form opens. */
const AUTO_FOCUS_DELAY_MS = 100;

/** The two screens of the spec: /register allows 5 MB, /auth/register 10 MB. */
export type ApplicationFormVariant = 'register' | 'auth-register';
const maxBytesOf: Record<ApplicationFormVariant, number> = {
  register: APPLICATION_FILE_MAX_BYTES_SMALL,
  'auth-register': APPLICATION_FILE_MAX_BYTES,
};

type FieldName = keyof ApplicationFormValues;

/**
 * Keeps digits only, at most `max` of them, before react-hook-form reads the value. The limit is
 * applied here rather than by a maxLength attribute, which would cut a pasted "0532 123 45 67"
 * before its spaces are removed.
 */
function digitsOnly(registration: UseFormRegisterReturn, max: number): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: Parameters<UseFormRegisterReturn['onChange']>[0]) => {
      const input = event.target as HTMLInputElement;
      input.value = input.value.replace(/\D/g, '').slice(0, max);
      return registration.onChange(event);
    },
  };
}

/** The spec's format message of a filled field that is malformed, shown beside the field. */
function formatError(field: FieldName, values: ApplicationFormValues): string | undefined {
  const value = values[field].trim();
  if (!value) return undefined;
  if (field === 'email' && !isValidApplicationEmail(value)) return m.emailInvalid.description;
  if (field === 'phone' && !isValidApplicationPhone(value)) return m.phoneInvalid.description;
  if (field === 'taxNumber' && !isValidTaxNumber(value)) return m.taxInvalid.description;
  if (field === 'utsNumber' && !isValidUtsNumber(value)) return m.utsInvalid.description;
  return undefined;
}

async function readHead(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 16).arrayBuffer());
}

/** "Optik Mağaza Kayıt Formu": the membership application, at /register (5 MB) and /auth/register (10 MB). */
export function ApplicationFormPage({ variant }: { variant: ApplicationFormVariant }) {
  const maxBytes = maxBytesOf[variant];
  const navigate = useNavigate();
  const documentId = useId();
  const selectId = useId();
  const { register, control, handleSubmit, formState, reset, setFocus, setError } = useForm<ApplicationFormValues>({
    defaultValues: emptyApplicationForm,
    mode: 'onTouched',
  });
  const values = { ...emptyApplicationForm, ...useWatch({ control }) } as ApplicationFormValues;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [attempted, setAttempted] = useState(false);
  // The upload is not a mutation (it reports progress), so its failure is kept here to show.
  const [failure, setFailure] = useState<unknown>(null);
  // The product has one applicant type; the rule that a file needs one is kept all the same.
  const applicantType = APPLICANT_TYPE;

  useEffect(() => {
    const timer = setTimeout(() => setFocus('storeName'), AUTO_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [setFocus]);

  const sending = progress !== null;
  const hasFile = file !== null;
  const missing = liveMissingFields(values, hasFile);
  const fieldErrors = applicationFieldErrors(values);
  const valid = isApplicationFormValid(values, hasFile);
  // The live check lets ÜTS be empty, the submit check does not (spec part 1 §5): while the two
  // disagree, the checklist names what submit will still ask for instead of "Form tamamlandı".
  const submitNeeds = valid ? submitMissingFields(values) : [];
  const touched = Object.keys(formState.touchedFields).length > 0 || hasFile;
  const messagesDue = attempted || touched;
  const problemList = [...missing, ...Object.values(fieldErrors)];

  const errorOf = (field: FieldName): string | undefined => {
    const due = attempted || formState.touchedFields[field];
    if (!due) return formState.errors[field]?.message;
    return formState.errors[field]?.message ?? fieldErrors[field] ?? formatError(field, values);
  };

  const selectFile = async (chosen: File) => {
    if (!applicantType) {
      toast.error(m.applicantTypeMissing.title, { description: m.applicantTypeMissing.description });
      return;
    }
    const byName = fileTypeByName(chosen.name);
    if (!byName) {
      setFile(null);
      toast.error(m.fileType.title, { description: m.fileType.description });
      return;
    }
    const tooLarge = fileSizeProblem(chosen.size, maxBytes);
    if (tooLarge) {
      setFile(null);
      toast.error(tooLarge.title, { description: tooLarge.description });
      return;
    }
    let head: Uint8Array;
    try {
      head = await readHead(chosen);
    } catch {
      setFile(null);
      toast.error(m.fileReadError.title, { description: m.fileReadError.description });
      return;
    }
    // The content must be what the name says (the server checks the same).
    if (detectFileType(head) !== byName) {
      setFile(null);
      toast.error(m.fileType.title, { description: m.fileType.description });
      return;
    }
    setFile(chosen);
    toast.success(m.fileReady, { description: chosen.name });
  };

  const onSubmit = handleSubmit(async (formValues) => {
    const [problem] = applicationProblems(formValues, hasFile, applicantType);
    if (problem) {
      toast.error(problem.title, { description: problem.message });
      return;
    }
    try {
      await readHead(file!);
    } catch {
      toast.error(m.fileReadError.title, { description: m.fileReadError.description });
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(formValues)) form.append(key, value);
    form.append('applicantType', applicantType);
    form.append('document', file!, file!.name);

    setProgress(0);
    setFailure(null);
    try {
      const receipt = await submitApplication(form, setProgress);
      const outcome = applicationOutcome(receipt, true);
      const show =
        outcome.tone === 'success' ? toast.success : outcome.tone === 'warning' ? toast.warning : toast.error;
      show(outcome.title, { description: outcome.description });
      reset(emptyApplicationForm);
      setFile(null);
      setAttempted(false);
      setProgress(null);
      navigate(paths.home);
    } catch (error) {
      setProgress(null);
      setServerFieldErrors(error, setError, Object.keys(emptyApplicationForm) as FieldName[]);
      setFailure(error);
    }
  });

  const onFormSubmit = (event: FormEvent) => {
    setAttempted(true);
    void onSubmit(event);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{`${m.formTitle} | OptiStok`}</title>
      <ButtonLink to={paths.home} variant="ghost" className="-ml-2 mb-4">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {m.back}
      </ButtonLink>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8">
        <div className="mb-6 flex items-start gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-700 text-white">
            <Glasses aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h1 className="text-2xl font-bold text-brand-900">{m.formTitle}</h1>
            <p className="mt-1 text-sm text-slate-600">{m.formLead}</p>
          </div>
        </div>

        <form noValidate onSubmit={onFormSubmit} className="space-y-5" aria-label={m.formTitle}>
          <ApiErrorAlert error={failure} title={m.outcomes.failed} />
          <fieldset disabled={sending} className="space-y-5">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={f.storeName}
                autoComplete="organization"
                maxLength={100}
                error={errorOf('storeName')}
                {...register('storeName')}
              />
              <TextField
                label={f.authorizedPerson}
                autoComplete="name"
                maxLength={100}
                error={errorOf('authorizedPerson')}
                {...register('authorizedPerson')}
              />
              <TextField
                label={f.email}
                type="email"
                autoComplete="email"
                inputMode="email"
                error={errorOf('email')}
                {...register('email')}
              />
              <TextField
                label={f.phone}
                type="tel"
                autoComplete="tel"
                inputMode="numeric"
                placeholder={f.phonePlaceholder}
                error={errorOf('phone')}
                {...digitsOnly(register('phone'), 11)}
              />
              <FieldShell id={selectId} label={f.cityDistrict} error={errorOf('cityDistrict')}>
                <select
                  id={selectId}
                  className={controlClasses}
                  aria-invalid={errorOf('cityDistrict') ? true : undefined}
                  aria-describedby={describedBy(selectId, errorOf('cityDistrict'))}
                  {...register('cityDistrict')}
                >
                  <option value="">{f.cityPlaceholder}</option>
                  {provinces.map((province) => (
                    <option key={province} value={province}>
                      {province}
                    </option>
                  ))}
                </select>
              </FieldShell>
              <TextField
                label={f.district}
                autoComplete="address-level2"
                maxLength={50}
                error={errorOf('district')}
                {...register('district')}
              />
              <TextField
                label={f.taxNumber}
                inputMode="numeric"
                placeholder={f.taxPlaceholder}
                error={errorOf('taxNumber')}
                {...digitsOnly(register('taxNumber'), 10)}
              />
              <TextField
                label={f.utsNumber}
                inputMode="numeric"
                placeholder={f.utsPlaceholder}
                hint={f.utsHint}
                error={errorOf('utsNumber')}
                {...digitsOnly(register('utsNumber'), 13)}
              />
            </div>
            <TextAreaField
              label={f.additionalInfo}
              rows={4}
              maxLength={1000}
              placeholder={f.additionalInfoPlaceholder}
              error={errorOf('additionalInfo')}
              {...register('additionalInfo')}
            />
            <div className="space-y-1.5">
              <label
                id={`${documentId}-label`}
                htmlFor={documentId}
                className="block text-sm font-medium text-slate-800"
              >
                {f.document}
              </label>
              <p id={`${documentId}-hint`} className="text-xs text-slate-500">
                {f.documentHint}
              </p>
              <DocumentDropZone
                id={documentId}
                file={file}
                maxBytes={maxBytes}
                disabled={!applicantType || sending}
                progress={progress}
                onSelect={(chosen) => void selectFile(chosen)}
                onRemove={() => setFile(null)}
              />
            </div>
          </fieldset>

          {valid && submitNeeds.length === 0 ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
            >
              <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
              {m.formComplete}
            </p>
          ) : messagesDue ? (
            <div
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="missing-fields"
            >
              <p className="font-semibold">{valid ? m.submitStillNeeds : m.missingBoxTitle}</p>
              <ul className="mt-1 list-disc space-y-0.5 ps-5">
                {(valid ? submitNeeds : problemList).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ) : null}

          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-slate-500" data-testid="form-status">
              {valid ? m.statusValid : m.statusMissing(problemList.length)}
            </p>
            <Button type="submit" disabled={sending || !valid} className="w-full sm:w-auto">
              {sending ? m.submitting : m.submit}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
