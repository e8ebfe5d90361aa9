import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '#shared/constants.ts';
import { messages } from '#shared/messages.tr.ts';
import { toasterListening } from '../lib/toast.ts';

/** The app's toaster: top centre, at most TOAST_MAX_VISIBLE at once; mounted by ToastHost on the first toast. */
export function AppToaster() {
  // Runs after Toaster's own effects (children first), so it is subscribed by then.
  useEffect(() => toasterListening(), []);
  return (
    <Toaster
      position="top-center"
      visibleToasts={TOAST_MAX_VISIBLE}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      containerAriaLabel={messages.common.toasts}
      toastOptions={{ closeButtonAriaLabel: messages.common.closeToast }}
    />
  );
}
