import { orderMessages } from './messages/trading/orders.tr.ts';
import { formatRateBp, type Kurus } from './money.ts';

/** An order's money as stored: goods, shipping, the Peşin discount, VAT and the total charged. */
export interface OrderAmounts {
  subtotalKurus: Kurus;
  shippingKurus: Kurus;
  vatKurus: Kurus;
  discountKurus: Kurus;
  totalKurus: Kurus;
  /** Prices included VAT when the order was placed: the VAT is then inside the goods, not added. */
  pricesIncludeVat: boolean;
  /**
   * The VAT per rate, summed from the order's lines (decision 039), highest rate first. With it the
   * VAT is shown per rate ("KDV (%20)", "KDV (%10)"); absent or empty (orders placed before
   * per-line VAT) one VAT row without a rate.
   */
  vatByRate?: readonly { vatRateBp: number; vatKurus: Kurus }[];
}

/** A seller group or a whole cart as the server's quote prices it (`CartQuote`'s price). */
export type QuotedAmounts = Pick<
  OrderAmounts,
  'subtotalKurus' | 'shippingKurus' | 'vatKurus' | 'discountKurus' | 'vatByRate'
> & {
  /** What it charges: after the Peşin discount, if the quote has one. */
  chargedKurus: Kurus;
};

/** A quoted group or cart as the amounts of an order: its total is what the quote charges. */
export function orderAmountsOfQuote(quoted: QuotedAmounts, pricesIncludeVat: boolean): OrderAmounts {
  return {
    subtotalKurus: quoted.subtotalKurus,
    shippingKurus: quoted.shippingKurus,
    vatKurus: quoted.vatKurus,
    discountKurus: quoted.discountKurus,
    totalKurus: quoted.chargedKurus,
    pricesIncludeVat,
    vatByRate: quoted.vatByRate,
  };
}

export type OrderAmountKind = 'goods' | 'shipping' | 'vat' | 'discount' | 'total' | 'vatIncluded';

/** One line of an order's money as every screen, mail and CSV shows it; `signed` is what it adds to the total. */
export interface OrderAmountRow {
  kind: OrderAmountKind;
  kurus: Kurus;
  /** The amount with its sign as an addend of the total; null for the total and for VAT already inside. */
  signed: Kurus | null;
  /** On a VAT row of one rate: that rate. */
  vatRateBp?: number;
}

/** The VAT rows: one per rate when the rates are known and add up to the order's VAT, else one. */
function vatRows(order: OrderAmounts, kind: 'vat' | 'vatIncluded'): OrderAmountRow[] {
  const signed = (kurus: Kurus) => (kind === 'vat' ? kurus : null);
  const byRate = order.vatByRate ?? [];
  const sumByRate = byRate.reduce((sum, r) => sum + r.vatKurus, 0);
  if (byRate.length === 0 || sumByRate !== order.vatKurus) {
    return [{ kind, kurus: order.vatKurus, signed: signed(order.vatKurus) }];
  }
  return byRate.map((r) => ({ kind, kurus: r.vatKurus, signed: signed(r.vatKurus), vatRateBp: r.vatRateBp }));
}

/**
 * The rows that add up to the order's total, in both VAT modes. The Peşin discount comes before
 * the VAT, as it lowers the VAT base (decision 039): goods + shipping − discount + VAT = total.
 * VAT inside the prices ("İçindeki KDV") is shown after the total and adds nothing, so a reader
 * with a calculator gets the total either way. The discount is shown only when there is one.
 */
export function orderAmountRows(order: OrderAmounts): OrderAmountRow[] {
  const rows: OrderAmountRow[] = [
    { kind: 'goods', kurus: order.subtotalKurus, signed: order.subtotalKurus },
    { kind: 'shipping', kurus: order.shippingKurus, signed: order.shippingKurus },
  ];
  if (order.discountKurus > 0)
    rows.push({ kind: 'discount', kurus: order.discountKurus, signed: -order.discountKurus });
  if (!order.pricesIncludeVat) rows.push(...vatRows(order, 'vat'));
  rows.push({ kind: 'total', kurus: order.totalKurus, signed: null });
  if (order.pricesIncludeVat) rows.push(...vatRows(order, 'vatIncluded'));
  return rows;
}

const m = orderMessages.orders;

/** Each row's Turkish label, the same on the pages, in the mails and in the CSV. */
export const orderAmountLabels: Record<OrderAmountKind, string> = {
  goods: m.subtotal,
  shipping: m.shipping,
  vat: m.vat,
  discount: m.cashDiscount,
  total: m.total,
  vatIncluded: m.vatIncluded,
};

/** A row's label: a VAT row of one rate names it ("KDV (%20)", "İçindeki KDV (%10)"). */
export function orderAmountLabel(row: OrderAmountRow): string {
  const label = orderAmountLabels[row.kind];
  return row.vatRateBp === undefined ? label : `${label} (%${formatRateBp(row.vatRateBp)})`;
}

/** A row's amount as shown: the discount as the negative amount it adds ("-₺17,41"), every other row as it is. */
export function orderAmountShown(row: OrderAmountRow): Kurus {
  return row.kind === 'discount' ? -row.kurus : row.kurus;
}

/** A stable key per row (VAT rows of several rates share a kind). */
export function orderAmountRowKey(row: OrderAmountRow): string {
  return row.vatRateBp === undefined ? row.kind : `${row.kind}-${row.vatRateBp}`;
}

/**
 * An order's VAT per rate from its lines (highest rate first); empty when a line has no stored VAT
 * (orders placed before per-line VAT), so the order shows one VAT row.
 */
export function vatByRateOfItems(
  items: readonly { vatRateBp: number; vatKurus: Kurus | null }[],
): { vatRateBp: number; vatKurus: Kurus }[] {
  if (items.some((item) => item.vatKurus === null)) return [];
  const byRate = new Map<number, Kurus>();
  for (const item of items) byRate.set(item.vatRateBp, (byRate.get(item.vatRateBp) ?? 0) + item.vatKurus!);
  return [...byRate]
    .map(([vatRateBp, vatKurus]) => ({ vatRateBp, vatKurus }))
    .sort((a, b) => b.vatRateBp - a.vatRateBp);
}
