import { BuyerOrderDetailPage } from '../../features/orders/buyer-order-detail-page.tsx';
import { handleLabel } from '../../features/orders/order-parts.tsx';
import { OrderReviewPanel } from '../../features/reviews/order-review-panel.tsx';

/** /siparislerim/:id: the order (orders feature) with the buyer's review of its seller (reviews feature). */
export function BuyerOrderDetailRoute() {
  return (
    <BuyerOrderDetailPage
      extra={(order) => (
        <OrderReviewPanel
          orderId={order.id}
          status={order.status}
          isReviewable={order.isReviewable}
          sellerLabel={handleLabel(order.sellerHandle)}
        />
      )}
    />
  );
}
