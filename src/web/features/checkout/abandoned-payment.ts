import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { checkoutResultPath } from '../../lib/paths.ts';
import { cancelCheckout } from './api.ts';
import { peekPendingPayment, takePendingPayment } from './pending-payment.ts';

/**
 * Back in the cart while this tab's checkout still waits at the bank: the buyer has given that
 * payment up, so it is cancelled and its stock comes back now (otherwise the buyer's own cart
 * would say the items are sold out for 15 minutes). A checkout settled meanwhile (409) or not the
 * buyer's (404) is simply forgotten; a network failure leaves it for the next visit. A payment the
 * bank is still being asked about (decision 038) may have been charged: it is kept, and the buyer
 * is taken to its result page rather than left to pay for the same goods again.
 */
export function useReleaseAbandonedPayment() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const pending = peekPendingPayment();
    if (!pending) return;
    cancelCheckout(pending.groupId)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'REQUEST_IN_PROGRESS') {
          void navigate(checkoutResultPath(pending.groupId));
          throw error;
        }
        if (!(error instanceof ApiError && (error.status === 404 || error.status === 409))) throw error;
      })
      .then(() => {
        takePendingPayment(pending.groupId);
        return client.invalidateQueries();
      })
      .catch(() => undefined);
  }, [client, navigate]);
}
