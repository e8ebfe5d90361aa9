import { CheckCircle2, CreditCard, Truck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { OrderAction } from '#shared/schemas/orders.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { checkoutResultPath } from '../../lib/paths.ts';
import { useAcceptOrder, useConfirmDelivery } from './api.ts';

const f = tradingMessages.fulfilment;

/** Whether the server says this viewer may apply the verb to the order now (its `actions`). */
export function may(order: { actions: readonly OrderAction[] }, action: OrderAction): boolean {
  return order.actions.includes(action);
}

export type ShipTarget = { orderId: string; orderNumber: string };

interface SellerActionOrder {
  orderId: string;
  orderNumber: string;
  acceptBy: string | null;
  actions: readonly OrderAction[];
}

/** "Onayla": accepts a paid order awaiting approval; shipping is offered after it. */
function AcceptButton({ order, compact }: { order: SellerActionOrder; compact?: boolean }) {
  const accept = useAcceptOrder();
  const onAccept = async () => {
    try {
      await accept.mutateAsync(order.orderId);
      toast.success(f.accepted);
    } catch (error) {
      toast.error(f.acceptFailed(error instanceof Error ? error.message : ''));
    }
  };
  return (
    <Button
      variant={compact ? 'ghost' : 'primary'}
      className={compact ? 'min-h-11 gap-1 px-1.5 text-xs' : undefined}
      onClick={() => void onAccept()}
      disabled={accept.isPending}
      aria-label={f.acceptLabel(order.orderNumber)}
      title={order.acceptBy ? f.acceptBy(formatDateTime(order.acceptBy)) : undefined}
    >
      <CheckCircle2 aria-hidden="true" className="size-4" />
      {f.accept}
    </Button>
  );
}

/** The seller's buttons on an order, from its `actions`: "Onayla" while it awaits approval, then "Kargola". */
export function SellerOrderActions({
  order,
  onShip,
  compact,
}: {
  order: SellerActionOrder;
  onShip: (target: ShipTarget) => void;
  compact?: boolean;
}) {
  if (may(order, 'accept')) return <AcceptButton order={order} compact={compact} />;
  if (!may(order, 'ship')) return null;
  return (
    <Button
      variant={compact ? 'ghost' : 'primary'}
      className={compact ? 'min-h-11 gap-1 px-1.5 text-xs' : undefined}
      onClick={() => onShip({ orderId: order.orderId, orderNumber: order.orderNumber })}
    >
      <Truck aria-hidden="true" className="size-4" />
      {f.ship}
      <span className="sr-only"> {order.orderNumber}</span>
    </Button>
  );
}

/**
 * An order whose checkout still waits for its payment: "Ödemeye Devam Et" leads to the checkout's
 * page, which continues to the bank or gives the checkout up ("Ödemeyi İptal Et").
 */
export function UnpaidOrderAction({
  order,
}: {
  order: { orderNumber: string; groupId: string | null; actions: readonly OrderAction[] };
}) {
  if (!may(order, 'cancelPayment') || !order.groupId) return null;
  return (
    <ButtonLink to={checkoutResultPath(order.groupId)}>
      <CreditCard aria-hidden="true" className="size-4" />
      {tradingMessages.checkout.continuePayment}
      <span className="sr-only"> {order.orderNumber}</span>
    </ButtonLink>
  );
}

/** "Teslimatı Onayla" with its "are you sure" dialog, when the order's `actions` allow it. */
export function ConfirmDeliveryButton({ order }: { order: { id: string; actions: readonly OrderAction[] } }) {
  const [open, setOpen] = useState(false);
  const confirm = useConfirmDelivery();
  if (!may(order, 'confirmDelivery')) return null;
  const onConfirm = async () => {
    try {
      await confirm.mutateAsync(order.id);
      setOpen(false);
      toast.success(f.confirmed);
    } catch (error) {
      setOpen(false);
      toast.error(f.confirmFailed(error instanceof Error ? error.message : ''));
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {f.confirm}
        </Button>
      }
      title={f.confirmTitle}
      description={f.confirmBody}
      cancelLabel={f.cancel}
      confirmLabel={f.confirm}
      onConfirm={() => void onConfirm()}
      busy={confirm.isPending}
    />
  );
}
