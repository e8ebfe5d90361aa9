/** The checkout feature's public face: other features import only from here. */
export {
  closeGroup,
  escrowEndAfter,
  failPendingPayments,
  findBuyerStore,
  findGroup,
  findGroupItems,
  findGroupOrders,
  findPayment,
  findSubMerchantKeys,
  hasUnknownPayment,
  lockExpiredGroups,
  returnStock,
  settlePayment,
} from './checkout.repo.ts';
