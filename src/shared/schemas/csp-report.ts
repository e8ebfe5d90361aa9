import { z } from './zod-tr.ts';

const text = z.string().max(2048).optional();
const line = z.coerce.number().int().nonnegative().optional();

/** Legacy `report-uri` body (Content-Type application/csp-report). */
const legacyReportSchema = z.object({
  'csp-report': z.looseObject({
    'blocked-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'source-file': text,
    'line-number': line,
    'document-uri': text,
  }),
});

/** Reporting API body (Content-Type application/reports+json): a list of reports. */
const reportingApiSchema = z
  .array(
    z.looseObject({
      type: z.string().max(64),
      url: text,
      body: z
        .looseObject({
          blockedURL: text,
          effectiveDirective: text,
          sourceFile: text,
          lineNumber: line,
          documentURL: text,
        })
        .optional(),
    }),
  )
  .max(20);

export const cspReportBodySchema = z.union([legacyReportSchema, reportingApiSchema]);
export type CspReportBody = z.infer<typeof cspReportBodySchema>;

/** One violation as stored in the security log. */
export interface CspViolation {
  blockedUri: string | null;
  directive: string | null;
  sourceFile: string | null;
  lineNumber: number | null;
  documentUri: string | null;
}
