import type { CspReportBody, CspViolation } from '#shared/schemas/csp-report.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { Db } from '../../db/client.ts';
import { recordSecurityEvents } from '../../lib/security-log.ts';
import { findRecentSecurityEvents } from './security-events.repo.ts';

/** A user's own most recent events (the settings page shows 10). */
export async function listRecentSecurityEvents(db: Db, userId: string, limit = 10) {
  const rows = await findRecentSecurityEvents(db, userId, limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Both report formats (report-uri and the Reporting API) reduced to one shape. */
export function normaliseCspReport(body: CspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        blockedUri: r['blocked-uri'] ?? null,
        directive: r['effective-directive'] ?? r['violated-directive'] ?? null,
        sourceFile: r['source-file'] ?? null,
        lineNumber: r['line-number'] ?? null,
        documentUri: r['document-uri'] ?? null,
      },
    ];
  }
  return body
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ body: b, url }) => ({
      blockedUri: b?.blockedURL ?? null,
      directive: b?.effectiveDirective ?? null,
      sourceFile: b?.sourceFile ?? null,
      lineNumber: b?.lineNumber ?? null,
      documentUri: b?.documentURL ?? url ?? null,
    }));
}

export async function recordCspReport(ctx: ServiceContext, body: CspReportBody): Promise<number> {
  const violations = normaliseCspReport(body);
  await recordSecurityEvents(
    ctx.db,
    violations.map((violation) => ({
      type: 'csp_violation',
      userId: null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      details: { ...violation },
    })),
    ctx.clock.now(),
  );
  return violations.length;
}
