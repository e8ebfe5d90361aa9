/** The checkout feature's public face: other features import only from here. */
export {
  closeGroup,
  commissionAtCapture,
  escrowEndAfter,
  failPendingPayments,
  findBuyerStore,
  findGroup,
  findGroupItems,
  findGroupOrders,
  findPayment,
  findSubMerchantKeys,
  fixGroupCommission,
  hasUnknownPayment,
  lockExpiredGroups,
  returnStock,
  settlePayment,
} from './checkout.repo.ts';
