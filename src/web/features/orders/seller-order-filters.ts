import { tradingMessages } from '#shared/messages/trading.tr.ts';
import {
  cargoCompanies,
  sellerOrderStatusFilters,
  type SellerOrderQuery,
  type SellerOrderStatusFilter,
} from '#shared/schemas/orders.ts';
import { awaitingAcceptanceLabel, orderStatusLabels } from '#shared/messages/trading/order-status.tr.ts';
import { SELLER_PAGE_SIZE } from './api.ts';

const m = tradingMessages.orders;

export type SellerOrdersView = 'all' | 'pending' | 'completed';

/** The seller's filters as they live in the address (?view=&status=&from=&to=&cargo=&page=). */
export interface SellerOrderFilters {
  view: SellerOrdersView;
  status: SellerOrderStatusFilter | '';
  from: string;
  to: string;
  cargoCompany: string;
  page: number;
}

/**
 * The status select: one option per order state, in the one label every screen uses (issue 22), after
 * the two views the dashboard links to (?view=pending: paid orders to approve or ship; ?view=completed:
 * delivered and released), named by their list titles so no two options read the same. A paid order
 * reads "Satıcı Onayı Bekleniyor" until the seller approves it and "Ödeme Alındı" after, so those two
 * options split the paid orders the same way (the server's awaiting_acceptance filter). Unpaid
 * orders never reach the seller's list (orders.repo), so "Ödeme Bekleniyor" is not offered.
 */
export const statusOptions: { value: string; label: string }[] = [
  { value: 'view:pending', label: m.sellerView.pendingTitle },
  { value: 'view:completed', label: m.sellerView.completedTitle },
  ...sellerOrderStatusFilters
    .filter((status) => status !== 'awaiting_payment')
    .map((status) => ({
      value: status,
      label: status === 'awaiting_acceptance' ? awaitingAcceptanceLabel : orderStatusLabels[status],
    })),
];
const isView = (value: string | null): value is SellerOrdersView =>
  value === 'all' || value === 'pending' || value === 'completed';
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const filterStatuses = new Set(statusOptions.map((o) => o.value).filter((value) => !value.startsWith('view:')));

/** The filters of the address (?view=&status=&from=&to=&cargo=&page=); anything unreadable is left out. */
export function sellerOrderFiltersFrom(params: URLSearchParams): SellerOrderFilters {
  const view = params.get('view');
  const status = params.get('status') ?? '';
  const cargo = params.get('cargo') ?? '';
  const page = Number(params.get('page'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    view: isView(view) ? view : 'all',
    status: filterStatuses.has(status) ? (status as SellerOrderStatusFilter) : '',
    from: isDate(from) ? from : '',
    to: isDate(to) ? to : '',
    cargoCompany: (cargoCompanies as readonly string[]).includes(cargo) ? cargo : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Writes changed filters into the address; defaults are left out so the address stays short. */
export function applySellerOrderFilters(params: URLSearchParams, next: Partial<SellerOrderFilters>): URLSearchParams {
  const result = new URLSearchParams(params);
  const set = (key: string, value: string | undefined, empty: string) => {
    if (value === undefined) return;
    if (value === empty) result.delete(key);
    else result.set(key, value);
  };
  set('view', next.view, 'all');
  set('status', next.status, '');
  set('from', next.from, '');
  set('to', next.to, '');
  set('cargo', next.cargoCompany, '');
  set('page', next.page === undefined ? undefined : String(next.page), '1');
  return result;
}

/** The list query of the filters and the search (?q=), as the orders tab asks the server for it. */
export function sellerOrderQueryOf(filters: SellerOrderFilters, search: string): SellerOrderQuery {
  return {
    q: search || undefined,
    view: filters.view,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    cargoCompany: (filters.cargoCompany || undefined) as SellerOrderQuery['cargoCompany'],
    page: filters.page,
    pageSize: SELLER_PAGE_SIZE,
  };
}
