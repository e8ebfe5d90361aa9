import { useQuery } from '@tanstack/react-query';
import type { SellerReport } from '#shared/schemas/seller-reports.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** The report covers the last twelve months (the server's default). */
export const REPORT_MONTHS = 12;

export const sellerReportKeys = {
  report: (months: number) => ['seller-reports', months] as const,
};

export function useSellerReport(months = REPORT_MONTHS) {
  return useQuery({
    queryKey: sellerReportKeys.report(months),
    queryFn: ({ signal }) => apiFetch<SellerReport>(`/api/seller/reports?months=${months}`, { signal }),
  });
}

/** Where "CSV İndir" downloads the report (the session cookie goes along). */
export function sellerReportCsvUrl(months = REPORT_MONTHS): string {
  return `/api/seller/reports.csv?months=${months}`;
}
