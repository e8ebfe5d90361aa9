import { useState } from 'react';
import { toast } from 'sonner';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { cargoCompanies, shipOrderBodySchema, type CargoCompany } from '#shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useShipOrder } from './api.ts';

const f = tradingMessages.fulfilment;

/**
 * "Kargo Çıkışı - {order number}": the seller picks the carrier and types the tracking number.
 * Missing either, nothing is sent (spec part 2 §5 Shipping).
 */
export function ShipOrderDialog({
  order,
  onClose,
}: {
  order: { orderId: string; orderNumber: string } | null;
  onClose: () => void;
}) {
  const [cargoCompany, setCargoCompany] = useState<CargoCompany | ''>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const ship = useShipOrder();
  const close = () => {
    setCargoCompany('');
    setTrackingNumber('');
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!order) return;
    if (!cargoCompany || !trackingNumber.trim()) {
      toast.error(f.shipMissing);
      return;
    }
    const parsed = shipOrderBodySchema.safeParse({ cargoCompany, trackingNumber });
    if (!parsed.success) {
      toast.error(f.shipFailed(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await ship.mutateAsync({ orderId: order.orderId, body: parsed.data });
      toast.success(f.shipped);
      close();
    } catch (error) {
      toast.error(f.shipFailed(error instanceof Error ? error.message : ''));
    }
  };
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && close()}
      title={order ? f.shipTitle(order.orderNumber) : f.ship}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <fieldset disabled={ship.isPending} className="space-y-4">
          <SelectField
            label={f.cargoCompany}
            value={cargoCompany}
            onChange={(event) => setCargoCompany(event.target.value as CargoCompany | '')}
          >
            <option value="">{f.cargoPlaceholder}</option>
            {cargoCompanies.map((company) => (
              <option key={company} value={company}>
                {tradingMessages.cargo[company]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={f.trackingNumber}
            autoComplete="off"
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </fieldset>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close}>
            {f.cancel}
          </Button>
          <Button type="submit" disabled={ship.isPending}>
            {f.ship}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
