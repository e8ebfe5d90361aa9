import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCatalogueList,
  AdminCatalogueProduct,
  CatalogueImportResult,
  CatalogueProduct,
  CatalogueProductInput,
  CatalogueProposalList,
  CatalogueStatus,
} from '#shared/schemas/catalogue.ts';
import type { CategoryId } from '#shared/categories.ts';
import { apiFetch } from '../../lib/api-client.ts';

export interface CatalogueFilter {
  q: string;
  status: CatalogueStatus | '';
  category: CategoryId | '';
  page: number;
}

export const catalogueKeys = {
  admin: ['admin', 'catalogue'] as const,
  adminList: (filter: CatalogueFilter) => ['admin', 'catalogue', 'list', filter] as const,
  mine: ['catalogue', 'proposals', 'mine'] as const,
};

function queryString(filter: CatalogueFilter): string {
  const search = new URLSearchParams();
  if (filter.q) search.set('q', filter.q);
  if (filter.status) search.set('status', filter.status);
  if (filter.category) search.set('category', filter.category);
  if (filter.page > 1) search.set('page', String(filter.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---------------------------------------------------------------------------------------------
// Seller: proposals

/** A seller proposes a product that is missing from the catalogue; it waits for an admin. */
export function useProposeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CatalogueProductInput) =>
      apiFetch<CatalogueProduct>('/api/catalogue/proposals', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.mine }),
  });
}

/** The member's own proposals with their outcome (read when the proposal dialog opens). */
export function useMyProposals() {
  return useQuery({
    queryKey: catalogueKeys.mine,
    queryFn: ({ signal }) => apiFetch<CatalogueProposalList>('/api/catalogue/proposals/mine', { signal }),
    select: (data) => data.items,
  });
}

// ---------------------------------------------------------------------------------------------
// Admin: catalogue management

export function useAdminCatalogue(filter: CatalogueFilter) {
  return useQuery({
    queryKey: catalogueKeys.adminList(filter),
    queryFn: ({ signal }) => apiFetch<AdminCatalogueList>(`/api/admin/catalogue${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogueKeys.admin });
}

export function useSaveCatalogueProduct(id: string | null) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (input: CatalogueProductInput) =>
      id
        ? apiFetch<AdminCatalogueProduct>(`/api/admin/catalogue/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: input,
          })
        : apiFetch<AdminCatalogueProduct>('/api/admin/catalogue', { method: 'POST', body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useDecideProposal() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiFetch<AdminCatalogueProduct>(`/api/admin/catalogue/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: decision === 'reject' ? { reason } : {},
      }),
    onSettled: () => invalidate(),
  });
}

/** Uploads a CSV file (multipart field `file`); valid rows are saved, refused rows come back with reasons. */
export function useImportCatalogue() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiFetch<CatalogueImportResult>('/api/admin/catalogue/import', { method: 'POST', body: form });
    },
    onSuccess: () => invalidate(),
  });
}
