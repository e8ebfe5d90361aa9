/** The checkout feature's public face: other features import only from here. */
export {
  closeGroup,
  saleTermsAtCapture,
  escrowEndAfter,
  failPendingPayments,
  findGroup,
  findGroupItems,
  findGroupOrders,
  findPayment,
  findSubMerchantKeys,
  fixGroupSaleTerms,
  hasUnknownPayment,
  lockExpiredGroups,
  returnStock,
  settlePayment,
  type SaleTerms,
} from './checkout.repo.ts';
