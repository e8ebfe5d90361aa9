import { autoReleaseRule } from '#shared/messages/escrow.tr.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { formatKurus, type Kurus } from '#shared/money.ts';
import { orderAmountLabel, orderAmountRows, orderAmountShown, type OrderAmounts } from '#shared/order-amounts.ts';
import type { DeliveryAddress } from '#shared/schemas/checkout.ts';
import { escapeHtml } from '../html.ts';
import { button, layout, type RenderedEmail } from './templates.ts';

// The features that write order mails and notifications take the amount format from here.

export interface MailOrderLine {
  productName: string;
  marka: string;
  modelKodu: string;
  quantity: number;
  unitPriceKurus: Kurus;
  lineTotalKurus: Kurus;
}

export interface MailOrder {
  orderNumber: string;
  sellerHandle: string | null;
  /** The order's money, shown as it adds up (the same rows as the order pages). */
  amounts: OrderAmounts;
  lines: MailOrderLine[];
}

const om = tm.orders;

function amountsHtml(amounts: OrderAmounts): string {
  const rows = orderAmountRows(amounts)
    .map((r) => {
      const label = escapeHtml(orderAmountLabel(r));
      const value = escapeHtml(formatKurus(orderAmountShown(r)));
      const [l, v] = r.kind === 'total' ? [`<strong>${label}</strong>`, `<strong>${value}</strong>`] : [label, value];
      return `<tr><td style="padding:2px 8px 2px 0">${l}</td><td style="padding:2px 0" align="right">${v}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;font-size:14px;margin-top:8px">${rows}</table>`;
}

function amountsText(amounts: OrderAmounts): string {
  return orderAmountRows(amounts)
    .map((r) => `${orderAmountLabel(r)}: ${formatKurus(orderAmountShown(r))}`)
    .join('\n');
}

function linesHtml(lines: MailOrderLine[]): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px 4px 0">${escapeHtml(`${l.marka} ${l.modelKodu}`)}</td><td style="padding:4px 8px" align="right">${l.quantity}</td><td style="padding:4px 0 4px 8px" align="right">${escapeHtml(formatKurus(l.lineTotalKurus))}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;font-size:14px"><tr><th align="left">Ürün</th><th align="right">Adet</th><th align="right">Tutar</th></tr>${rows}</table>`;
}

function linesText(lines: MailOrderLine[]): string {
  return lines.map((l) => `- ${l.marka} ${l.modelKodu} × ${l.quantity}: ${formatKurus(l.lineTotalKurus)}`).join('\n');
}

function addressText(a: DeliveryAddress): string {
  return [a.full_name, a.address, `${a.district} / ${a.city}${a.postal_code ? ` ${a.postal_code}` : ''}`, a.phone].join(
    '\n',
  );
}

/** To the buyer once the payment is in escrow: every order of the checkout. */
export function orderConfirmationEmail(input: {
  buyerName: string;
  orders: MailOrder[];
  chargedKurus: Kurus;
  installments: number;
  escrowDays: number;
  inspectionDays: number;
  ordersUrl: string;
}): RenderedEmail {
  const numbers = input.orders.map((o) => o.orderNumber).join(', ');
  const subject = tm.mail.orderConfirmationSubject(numbers);
  const plan = input.installments === 1 ? 'Peşin' : `${input.installments} taksit`;
  const html = layout(
    subject,
    `<p>Merhaba ${escapeHtml(input.buyerName)},</p>
<p>Ödemeniz alındı ve escrow'da güvende tutuluyor. Teslimatı onayladığınızda ya da onay vermezseniz ${autoReleaseRule(input.escrowDays, input.inspectionDays)} satıcıya aktarılır; kesin tarih, sipariş kargoya verildiğinde sipariş sayfanızda "Otomatik onay" olarak görünür.</p>
${input.orders
  .map(
    (o) =>
      `<h3 style="font-size:16px;margin:24px 0 8px">${escapeHtml(o.orderNumber)} · @${escapeHtml(o.sellerHandle ?? 'Bilinmiyor')}</h3>${linesHtml(o.lines)}${amountsHtml(o.amounts)}`,
  )
  .join('')}
<p style="margin-top:24px">Ödenen toplam: <strong>${escapeHtml(formatKurus(input.chargedKurus))}</strong> (${escapeHtml(plan)})</p>
${button(input.ordersUrl, 'Siparişlerim')}`,
  );
  const text = `Merhaba ${input.buyerName},

Ödemeniz alındı ve escrow'da güvende tutuluyor. Teslimatı onayladığınızda ya da onay vermezseniz ${autoReleaseRule(input.escrowDays, input.inspectionDays)} satıcıya aktarılır; kesin tarih, sipariş kargoya verildiğinde sipariş sayfanızda "Otomatik onay" olarak görünür.

${input.orders
  .map((o) => `${o.orderNumber} · @${o.sellerHandle ?? 'Bilinmiyor'}\n${linesText(o.lines)}\n${amountsText(o.amounts)}`)
  .join('\n\n')}

Ödenen toplam: ${formatKurus(input.chargedKurus)} (${plan})
Siparişlerim: ${input.ordersUrl}`;
  return { template: 'order_confirmation', subject, html, text };
}

/** To a seller: a paid order to ship, with its lines and the delivery address; `orderUrl` opens it in the panel. */
export function sellerNewOrderEmail(input: {
  order: MailOrder;
  buyerHandle: string | null;
  address: DeliveryAddress;
  escrowEndsAt: string;
  orderUrl: string;
}): RenderedEmail {
  const subject = tm.mail.newOrderSubject(input.order.orderNumber);
  const buyer = `@${input.buyerHandle ?? 'Bilinmiyor'}`;
  const html = layout(
    subject,
    `<p>Merhaba,</p>
<p><strong>${escapeHtml(buyer)}</strong> mağazasından yeni bir sipariş aldınız: <strong>${escapeHtml(input.order.orderNumber)}</strong>. Ödeme escrow'da; siparişi kargoladığınızda takip numarasını girin.</p>
${linesHtml(input.order.lines)}
${amountsHtml(input.order.amounts)}${input.order.amounts.discountKurus > 0 ? `<p style="font-size:13px;color:#475569">${escapeHtml(om.cashDiscountBorneBySeller)}</p>` : ''}
<h3 style="font-size:16px;margin:24px 0 8px">Teslimat Adresi</h3>
<p style="white-space:pre-line">${escapeHtml(addressText(input.address))}</p>
<p>Escrow bitiş tarihi: ${escapeHtml(input.escrowEndsAt)}</p>
${button(input.orderUrl, tm.notifications.orderAction)}`,
  );
  const text = `Merhaba,

${buyer} mağazasından yeni bir sipariş aldınız: ${input.order.orderNumber}. Ödeme escrow'da; siparişi kargoladığınızda takip numarasını girin.

${linesText(input.order.lines)}
${amountsText(input.order.amounts)}${input.order.amounts.discountKurus > 0 ? `\n${om.cashDiscountBorneBySeller}` : ''}

Teslimat Adresi:
${addressText(input.address)}

Escrow bitiş tarihi: ${input.escrowEndsAt}
${tm.notifications.orderAction}: ${input.orderUrl}`;
  return { template: 'seller_new_order', subject, html, text };
}
