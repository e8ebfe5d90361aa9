/** The invoices feature's public face: other features import only from here. */
export { findBillingParty, findOrderInvoiceView, remindMissingInvoices } from './invoices.service.ts';
