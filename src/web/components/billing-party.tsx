import { billingProfileMessages as b } from '#shared/messages/invoices.tr.ts';
import type { BillingPartyView } from '#shared/schemas/invoices.ts';

/**
 * A store's billing party as a definition list: title, tax office and number, address, and whether
 * it is invoiced by e-Fatura or e-Arşiv (checkout and the seller's order detail). Fields an old
 * order never recorded are left out.
 */
export function BillingPartyList({ party }: { party: BillingPartyView }) {
  const place = [party.district, party.city].filter(Boolean).join(' / ');
  const rows: [string, string | undefined][] = [
    [b.companyTitle, party.companyName],
    [b.taxOffice, party.taxOffice || (party.taxOffice === undefined ? undefined : b.missing)],
    [b.taxNumber, party.taxNumber || b.missing],
    [b.address, [party.address, place].filter(Boolean).join(', ') || b.missing],
    [b.invoiceType, party.isEInvoiceUser === undefined ? undefined : party.isEInvoiceUser ? b.eInvoice : b.eArchive],
  ];
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {rows
        .filter((row): row is [string, string] => row[1] !== undefined)
        .map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
