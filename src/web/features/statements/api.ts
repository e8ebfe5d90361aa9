import { useQuery } from '@tanstack/react-query';
import type { Statement } from '#shared/schemas/statements.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const statementKeys = {
  month: (month: string) => ['statements', month] as const,
};

/** The signed-in store's statement for a Turkish calendar month (yyyy-MM). */
export function useStatement(month: string) {
  return useQuery({
    queryKey: statementKeys.month(month),
    queryFn: ({ signal }) => apiFetch<Statement>(`/api/me/statements/${month}`, { signal }),
  });
}

/** Where "CSV İndir" and "PDF İndir" download the statement (the session cookie goes along). */
export function statementDownloadUrl(month: string, format: 'csv' | 'pdf'): string {
  return `/api/me/statements/${month}/${format}`;
}
