import { applicationMessages } from '../messages/applications.tr.ts';
import { isProvince } from '../provinces.ts';
import { applicationStatuses } from '../status.ts';
import { z } from './zod-tr.ts';

const m = applicationMessages;

/** The only applicant type the product has (spec part 1 §3). */
export const APPLICANT_TYPE = 'store';
/** Server limit and the /auth/register variant. */
export const APPLICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The /register variant (spec part 1 §9: 5242880 bytes). */
export const APPLICATION_FILE_MAX_BYTES_SMALL = 5 * 1024 * 1024;
export const applicationFileExtensions = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const applicationFileTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ApplicationFileType = (typeof applicationFileTypes)[number];

/** What the form holds; every field as typed. */
export interface ApplicationFormValues {
  storeName: string;
  authorizedPerson: string;
  email: string;
  phone: string;
  /** The province select (the spec's cityDistrict). */
  cityDistrict: string;
  /** Optional district, kept apart from the province. */
  district: string;
  /** Vergi numarası: 10 digits. */
  taxNumber: string;
  /** ÜTS (Ürün Takip Sistemi) number: 13 digits. */
  utsNumber: string;
  additionalInfo: string;
}

export const emptyApplicationForm: ApplicationFormValues = {
  storeName: '',
  authorizedPerson: '',
  email: '',
  phone: '',
  cityDistrict: '',
  district: '',
  taxNumber: '',
  utsNumber: '',
  additionalInfo: '',
};

type FieldName = keyof ApplicationFormValues;
export type ApplicationProblemField = FieldName | 'document' | 'applicantType';

const emailCheck = z.email();
export const isValidApplicationEmail = (v: string) => emailCheck.safeParse(v.trim()).success;
/** 05 followed by 9 digits, no spaces. */
export const isValidApplicationPhone = (v: string) => /^05\d{9}$/.test(v.trim());
export const isValidTaxNumber = (v: string) => /^\d{10}$/.test(v.trim());
export const isValidUtsNumber = (v: string) => /^\d{13}$/.test(v.trim());

const filled = (v: string | undefined) => (v ?? '').trim().length > 0;

/**
 * The live "missing fields" list under the form. ÜTS is optional here (the screen labels it
 * 'İsteğe Bağlı'): it is listed only when given and malformed.
 */
export function liveMissingFields(values: ApplicationFormValues, hasFile: boolean): string[] {
  const l = m.liveLabels;
  const missing: string[] = [];
  if (!filled(values.storeName)) missing.push(l.storeName);
  if (!filled(values.authorizedPerson)) missing.push(l.authorizedPerson);
  if (!isValidApplicationEmail(values.email)) missing.push(l.email);
  if (!isValidApplicationPhone(values.phone)) missing.push(l.phone);
  if (!filled(values.cityDistrict)) missing.push(l.cityDistrict);
  if (!isValidTaxNumber(values.taxNumber)) missing.push(l.taxNumber);
  if (filled(values.utsNumber) && !isValidUtsNumber(values.utsNumber)) missing.push(l.utsNumber);
  if (!hasFile) missing.push(l.document);
  return missing;
}

const requiredAtSubmit = [
  'storeName',
  'authorizedPerson',
  'email',
  'phone',
  'cityDistrict',
  'taxNumber',
  'utsNumber',
] as const;

/** The submit-time required check: here ÜTS is required (the other reading of the spec). */
export function submitMissingFields(values: ApplicationFormValues): string[] {
  return requiredAtSubmit.filter((field) => !filled(values[field])).map((field) => m.requiredLabels[field]);
}

/** The 'Eksik bilgiler' text for the given labels. */
export function missingFieldsText(labels: string[]): string {
  return m.missing.description + labels.join(', ');
}

/** Rules beyond the spec's list (lengths and characters), shown beside the fields. */
export function applicationFieldErrors(values: ApplicationFormValues): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const storeName = values.storeName.trim();
  if (storeName) {
    if (storeName.length < 2) errors.storeName = m.storeNameMin;
    else if (storeName.length > 100) errors.storeName = m.storeNameMax;
    else if (!/^[\p{L}\p{N} \-&.]+$/u.test(storeName)) errors.storeName = m.storeNamePattern;
  }
  const person = values.authorizedPerson.trim();
  if (person) {
    if (person.length < 2) errors.authorizedPerson = m.authorizedPersonMin;
    else if (person.length > 100) errors.authorizedPerson = m.authorizedPersonMax;
  }
  if (filled(values.cityDistrict) && !isProvince(values.cityDistrict.trim())) errors.cityDistrict = m.cityInvalid;
  const district = values.district.trim();
  if (district && !/^[\p{L} ]{2,50}$/u.test(district)) errors.district = m.districtInvalid;
  if (values.additionalInfo.trim().length > 1000) errors.additionalInfo = m.additionalInfoMax;
  return errors;
}

/** The button is enabled when the live list is empty and no field breaks a rule. */
export function isApplicationFormValid(values: ApplicationFormValues, hasFile: boolean): boolean {
  return liveMissingFields(values, hasFile).length === 0 && Object.keys(applicationFieldErrors(values)).length === 0;
}

export interface ApplicationProblem {
  field: ApplicationProblemField;
  title: string;
  message: string;
}

/**
 * Every submit-time problem in the spec's order: missing fields ('Eksik bilgiler'), the file,
 * e-mail, phone, tax number, ÜTS, then the remaining field rules. The first one is what the
 * user is told; client and server share it.
 */
export function applicationProblems(
  values: ApplicationFormValues,
  hasFile: boolean,
  applicantType: string = APPLICANT_TYPE,
): ApplicationProblem[] {
  const problems: ApplicationProblem[] = [];
  const missing = requiredAtSubmit.filter((field) => !filled(values[field]));
  if (missing.length) {
    const message = missingFieldsText(missing.map((field) => m.requiredLabels[field]));
    for (const field of missing) problems.push({ field, title: m.missing.title, message });
  }
  if (applicantType !== APPLICANT_TYPE) problems.push({ field: 'applicantType', ...titled(m.applicantTypeMissing) });
  if (!hasFile) problems.push({ field: 'document', ...titled(m.documentMissing) });
  if (filled(values.email) && !isValidApplicationEmail(values.email))
    problems.push({ field: 'email', ...titled(m.emailInvalid) });
  if (filled(values.phone) && !isValidApplicationPhone(values.phone))
    problems.push({ field: 'phone', ...titled(m.phoneInvalid) });
  if (filled(values.taxNumber) && !isValidTaxNumber(values.taxNumber))
    problems.push({ field: 'taxNumber', ...titled(m.taxInvalid) });
  if (filled(values.utsNumber) && !isValidUtsNumber(values.utsNumber))
    problems.push({ field: 'utsNumber', ...titled(m.utsInvalid) });
  for (const [field, message] of Object.entries(applicationFieldErrors(values)) as [FieldName, string][]) {
    problems.push({ field, title: m.invalidTitle, message });
  }
  return problems;
}

function titled(pair: { title: string; description: string }) {
  return { title: pair.title, message: pair.description };
}

/** The file's type by its name, or null when the extension is not PDF/JPG/JPEG/PNG. */
export function fileTypeByName(name: string): ApplicationFileType | null {
  const ext = /\.([^.]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'application/pdf';
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  return null;
}

/** Detects PDF, PNG or JPEG from the first bytes of the content; null for anything else. */
export function detectFileType(head: Uint8Array): ApplicationFileType | null {
  const starts = (bytes: number[]) => bytes.length <= head.length && bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

/** "1,25" style megabytes for messages (two decimals, Turkish comma). */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2).replace('.', ',');
}

/**
 * The size rule of a form variant: null when the file fits, else the Turkish title and text.
 * /register allows 5 MB, /auth/register 10 MB (both readings of the spec).
 */
export function fileSizeProblem(sizeBytes: number, maxBytes: number): { title: string; description: string } | null {
  if (sizeBytes <= maxBytes) return null;
  if (maxBytes <= APPLICATION_FILE_MAX_BYTES_SMALL) return m.fileTooLarge5;
  return { title: m.fileTooLarge10.title, description: m.fileTooLarge10.description(formatMegabytes(sizeBytes)) };
}

const text = z
  .string()
  .max(5000)
  .optional()
  .transform((v) => (v ?? '').trim());

/**
 * The multipart body of POST /api/applications: the text fields plus the uploaded `document`,
 * whose schema the server supplies (it is the server's own record of the stored upload).
 * All rules run in one pass so the first problem is the spec's first message.
 */
export function createApplicationBodySchema<D extends z.ZodType>(documentSchema: D) {
  return z
    .object({
      storeName: text,
      authorizedPerson: text,
      email: text,
      phone: text,
      cityDistrict: text,
      district: text,
      taxNumber: text,
      utsNumber: text,
      additionalInfo: text,
      /** Always 'store'; a missing value means 'store'. */
      applicantType: z.string().max(50).optional(),
      document: documentSchema.optional(),
    })
    .superRefine((value, ctx) => {
      for (const problem of applicationProblems(
        value,
        value.document !== undefined,
        value.applicantType ?? APPLICANT_TYPE,
      )) {
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      }
    })
    .transform((v) => ({
      storeName: v.storeName,
      authorizedPerson: v.authorizedPerson,
      email: v.email.toLowerCase(),
      phone: v.phone,
      city: v.cityDistrict,
      district: v.district || null,
      taxNumber: v.taxNumber,
      utsNumber: v.utsNumber || null,
      additionalInfo: v.additionalInfo || null,
      applicantType: APPLICANT_TYPE,
      document: v.document as z.output<D>,
    }));
}

/** The answer to a submitted application. "Sent" means accepted for delivery by the outbox. */
export const applicationReceiptSchema = z.object({
  id: z.uuid(),
  /** The certificate is attached to the admin's notification e-mail. */
  fileAttached: z.boolean(),
  userEmailSent: z.boolean(),
  adminEmailSent: z.boolean(),
  details: z.object({
    adminEmail: z.object({
      /** Outbox row id (null when no admin address is known). */
      id: z.string().nullable(),
      emailId: z.string().nullable(),
      /** The mail goes out without the certificate and says it is in the admin panel. */
      fallbackUsed: z.boolean(),
      attachmentIncluded: z.boolean(),
    }),
    userEmail: z.object({ id: z.string().nullable() }),
  }),
});
export type ApplicationReceipt = z.infer<typeof applicationReceiptSchema>;

// ---- Admin side ----

export const applicationListQuerySchema = z.object({
  status: z
    .enum(applicationStatuses)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  q: z.string().trim().max(100).optional(),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const applicationSummarySchema = z.object({
  id: z.uuid(),
  storeName: z.string(),
  authorizedPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  taxNumber: z.string(),
  utsNumber: z.string().nullable(),
  city: z.string(),
  district: z.string().nullable(),
  status: z.enum(applicationStatuses),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  documentCount: z.number().int(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;
export const applicationListSchema = z.object({ applications: z.array(applicationSummarySchema) });
export type ApplicationList = z.infer<typeof applicationListSchema>;

export const applicationDocumentSchema = z.object({
  id: z.uuid(),
  originalName: z.string(),
  /** Detected from the content. */
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type ApplicationDocument = z.infer<typeof applicationDocumentSchema>;

export const applicationDetailsSchema = applicationSummarySchema.extend({
  additionalInfo: z.string().nullable(),
  applicantType: z.string(),
  adminNotes: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdUserId: z.string().nullable(),
  documents: z.array(applicationDocumentSchema),
});
export type ApplicationDetails = z.infer<typeof applicationDetailsSchema>;

export const applicationDocumentParamsSchema = z.object({
  id: z.uuid({ error: 'Geçersiz kayıt numarası' }),
  docId: z.uuid({ error: 'Geçersiz kayıt numarası' }),
});

export const applicationNotesBodySchema = z.object({
  adminNotes: z
    .string()
    .max(2000, m.notesMax)
    .transform((v) => v.trim()),
});
export type ApplicationNotesBody = z.input<typeof applicationNotesBodySchema>;

export const approveApplicationBodySchema = z.object({
  adminNotes: z
    .string()
    .max(2000, m.notesMax)
    .optional()
    .transform((v) => (v === undefined ? undefined : v.trim())),
});
export type ApproveApplicationBody = z.input<typeof approveApplicationBodySchema>;

export const rejectApplicationBodySchema = z.object({
  reason: z.string({ error: m.rejectReasonMin }).trim().min(3, m.rejectReasonMin).max(500, m.rejectReasonMax),
});
export type RejectApplicationBody = z.input<typeof rejectApplicationBodySchema>;

export const approvalResultSchema = z.object({
  applicationId: z.uuid(),
  userId: z.string(),
  email: z.string(),
  /** Shown once to the admin; also e-mailed to the applicant. */
  tempPassword: z.string(),
  emailQueued: z.boolean(),
});
export type ApprovalResult = z.infer<typeof approvalResultSchema>;

export const rejectionResultSchema = z.object({ applicationId: z.uuid(), emailQueued: z.boolean() });
export type RejectionResult = z.infer<typeof rejectionResultSchema>;
