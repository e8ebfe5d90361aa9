import { orderMessages } from './messages/trading/orders.tr.ts';
import type { Kurus } from './money.ts';

/** An order's money as stored: goods, shipping, VAT, the Peşin discount and the total charged. */
export interface OrderAmounts {
  subtotalKurus: Kurus;
  shippingKurus: Kurus;
  vatKurus: Kurus;
  discountKurus: Kurus;
  totalKurus: Kurus;
  /** Prices included VAT when the order was placed: the VAT is then inside the goods, not added. */
  pricesIncludeVat: boolean;
}

export type OrderAmountKind = 'goods' | 'shipping' | 'vat' | 'discount' | 'total' | 'vatIncluded';

/** One line of an order's money as every screen, mail and CSV shows it; `signed` is what it adds to the total. */
export interface OrderAmountRow {
  kind: OrderAmountKind;
  kurus: Kurus;
  /** The amount with its sign as an addend of the total; null for the total and for VAT already inside. */
  signed: Kurus | null;
}

/**
 * The rows that add up to the order's total, in both VAT modes. VAT added on top is an addend;
 * VAT inside the prices ("İçindeki KDV") is shown after the total and adds nothing, so a reader
 * with a calculator gets the total either way. The discount is shown only when there is one.
 */
export function orderAmountRows(order: OrderAmounts): OrderAmountRow[] {
  const rows: OrderAmountRow[] = [
    { kind: 'goods', kurus: order.subtotalKurus, signed: order.subtotalKurus },
    { kind: 'shipping', kurus: order.shippingKurus, signed: order.shippingKurus },
  ];
  if (!order.pricesIncludeVat) rows.push({ kind: 'vat', kurus: order.vatKurus, signed: order.vatKurus });
  if (order.discountKurus > 0)
    rows.push({ kind: 'discount', kurus: order.discountKurus, signed: -order.discountKurus });
  rows.push({ kind: 'total', kurus: order.totalKurus, signed: null });
  if (order.pricesIncludeVat) rows.push({ kind: 'vatIncluded', kurus: order.vatKurus, signed: null });
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
