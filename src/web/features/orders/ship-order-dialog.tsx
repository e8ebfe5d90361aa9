import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { cargoCompanies, shipOrderBodySchema } from '#shared/schemas/orders.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useShipOrder, useUtsTrackedLines } from './api.ts';
import { collectUtsUnits, UtsUnitsFields, type UnitRowsByLine } from './uts-units-fields.tsx';

const f = tradingMessages.fulfilment;

function ShipForm({ order, onDone }: { order: { orderId: string }; onDone: () => void }) {
  const ship = useShipOrder();
  // No carrier is picked at first: the placeholder option, which the schema refuses.
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(shipOrderBodySchema),
    defaultValues: { trackingNumber: '' },
  });
  const tracked = useUtsTrackedLines(order.orderId);
  const [unitRows, setUnitRows] = useState<UnitRowsByLine>({});
  const [unitErrors, setUnitErrors] = useState<Record<string, string>>({});
  const trackedLines = tracked.data?.lines ?? [];
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (body) => {
    const { units, errors } = collectUtsUnits(trackedLines, unitRows);
    setUnitErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      await ship.mutateAsync({
        orderId: order.orderId,
        body: trackedLines.length > 0 ? { ...body, utsUnits: units } : body,
      });
      toast.success(f.shipped);
      onDone();
    } catch (error) {
      setServerFieldErrors(error, setError, ['cargoCompany', 'trackingNumber']);
      // The server's ÜTS refusals name the line ("utsUnits.<order line id>"): shown under it too.
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setUnitErrors(
        Object.fromEntries(
          Object.entries(fields)
            .filter(([key]) => key.startsWith('utsUnits.'))
            .map(([key, message]) => [key.slice('utsUnits.'.length), message]),
        ),
      );
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <ApiErrorAlert error={ship.error} title={f.shipFailed} />
      <fieldset disabled={busy} className="space-y-4">
        <SelectField
          label={f.cargoCompany}
          error={formState.errors.cargoCompany?.message}
          {...register('cargoCompany')}
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
          error={formState.errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
        {tracked.isPending ? <p className="text-sm text-slate-600">{utsMessages.dialog.loading}</p> : null}
        {tracked.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {utsMessages.dialog.loadFailed}
          </p>
        ) : null}
        <UtsUnitsFields lines={trackedLines} rows={unitRows} errors={unitErrors} onChange={setUnitRows} />
      </fieldset>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone}>
          {f.cancel}
        </Button>
        <Button type="submit" disabled={busy || tracked.isPending || tracked.isError}>
          {f.ship}
        </Button>
      </div>
    </form>
  );
}

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
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={order ? f.shipTitle(order.orderNumber) : f.ship}
      wide
    >
      {/* Mounted per order, so a closed dialog forgets what was typed. */}
      {order ? <ShipForm key={order.orderId} order={order} onDone={onClose} /> : null}
    </Modal>
  );
}
