import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BuyerOrderDetail,
  BuyerOrderList,
  OrderTransitionResult,
  ShipOrderBody,
  SellerOrderDetail,
  SellerOrderList,
  SellerOrderQuery,
} from '#shared/schemas/orders.ts';
import type { OrderInvoice } from '#shared/schemas/invoices.ts';
import type { UtsTrackedLines } from '#shared/schemas/uts.ts';
import { buyerOrdersApiPath, sellerOrdersApiPath } from '#shared/api-paths.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

/** An order that is not there (or not the caller's) stays so: asking again only delays the answer. */
const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && failures < 1;

export const orderKeys = {
  all: ['orders'] as const,
  buyerList: (page: number, search: string) => ['orders', 'buyer', 'list', page, search] as const,
  buyerDetail: (id: string) => ['orders', 'buyer', 'detail', id] as const,
  sellerList: (query: SellerOrderQuery) => ['orders', 'seller', 'list', query] as const,
  sellerDetail: (id: string) => ['orders', 'seller', 'detail', id] as const,
};

export const SELLER_PAGE_SIZE = 25;

/** The page of /siparislerim's address (?page=), 1 when absent or unreadable. */
export function buyerOrdersPageFrom(params: URLSearchParams): number {
  const requested = Number(params.get('page'));
  return Number.isInteger(requested) && requested > 0 ? requested : 1;
}

/** The buyer's orders, a page at a time; `search` (blank for none) finds by number, seller and product. */
export function useBuyerOrders(page: number, search: string) {
  return useQuery({
    queryKey: orderKeys.buyerList(page, search),
    queryFn: ({ signal }) => apiFetch<BuyerOrderList>(buyerOrdersApiPath(page, search), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBuyerOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.buyerDetail(id),
    queryFn: ({ signal }) => apiFetch<BuyerOrderDetail>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
    retry: retryUnlessNotFound,
  });
}

export function useSellerOrders(query: SellerOrderQuery) {
  return useQuery({
    queryKey: orderKeys.sellerList(query),
    queryFn: ({ signal }) => apiFetch<SellerOrderList>(sellerOrdersApiPath(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSellerOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.sellerDetail(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<SellerOrderDetail>(`/api/seller/orders/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    retry: retryUnlessNotFound,
  });
}

/** The seller accepts a paid order awaiting approval ("Onayla"); every order view refetches after. */
export function useAcceptOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<OrderTransitionResult>(`/api/orders/${encodeURIComponent(orderId)}/accept`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The seller ships an order (carrier and tracking number); every order view refetches after. */
export function useShipOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ShipOrderBody }) =>
      apiFetch<OrderTransitionResult>(`/api/orders/${encodeURIComponent(orderId)}/ship`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The buyer confirms delivery; the money then goes to the seller. */
export function useConfirmDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<OrderTransitionResult>(`/api/orders/${encodeURIComponent(orderId)}/confirm-delivery`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Where an order's invoice file downloads (the order's two stores and admins; a plain link). */
export function invoiceFileUrl(orderId: string, kind: 'pdf' | 'xml'): string {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice/${kind}`;
}

/** The seller's packing slip of an order (PDF: delivery address and lines, no prices; a plain link). */
export function packingSlipUrl(orderId: string): string {
  return `/api/seller/orders/${encodeURIComponent(orderId)}/packing-slip`;
}

/** "Faturayı Yükle": the invoice's fields and files as one multipart form; every order view refetches after. */
export function useUploadInvoice(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiFetch<OrderInvoice>(`/api/orders/${encodeURIComponent(orderId)}/invoice`, { method: 'POST', body: form }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The order's ÜTS-tracked lines: the ship dialog asks for their units (decision 044). */
export function useUtsTrackedLines(orderId: string) {
  return useQuery({
    queryKey: ['orders', 'seller', 'uts-lines', orderId] as const,
    queryFn: ({ signal }) =>
      apiFetch<UtsTrackedLines>(`/api/orders/${encodeURIComponent(orderId)}/uts/lines`, { signal }),
    retry: retryUnlessNotFound,
  });
}
