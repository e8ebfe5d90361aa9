/**
 * When escrow releases on its own (decision 034): no earlier than `escrowDays` after the order and
 * `inspectionDays` after shipping, whichever is later. One wording for the checkout, the mails and
 * the seller's account page, so that no screen promises the old fixed date.
 */
export function autoReleaseRule(escrowDays: number, inspectionDays: number): string {
  return `sipariş tarihinden en az ${escrowDays} gün ve kargoya verilişten en az ${inspectionDays} gün geçtikten sonra (hangisi daha geç ise)`;
}
