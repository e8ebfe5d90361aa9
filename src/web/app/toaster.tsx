import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from '#shared/constants.ts';
import { messages } from '#shared/messages.tr.ts';

let markMounted: () => void = () => undefined;
/**
 * Resolves once the toaster listens. The toaster loads after the first paint (it is not needed to
 * show a page), and sonner drops toasts raised before its Toaster subscribes.
 */
export const toasterReady = new Promise<void>((resolve) => (markMounted = resolve));

/** The app's toaster: top centre, at most TOAST_MAX_VISIBLE at once. */
export function AppToaster() {
  // Runs after Toaster's own effects (children first), so it is subscribed by then.
  useEffect(() => markMounted(), []);
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

/** An error toast raised from code that loads with every page (it must not pull sonner in). */
export async function showErrorToast(text: string, id: string, description?: string): Promise<void> {
  await toasterReady;
  toast.error(text, { id, description });
}
