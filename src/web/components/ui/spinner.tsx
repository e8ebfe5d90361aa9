import { messages } from '#shared/messages.tr.ts';

/** The loading state: a spinner with "Yükleniyor...". */
export function LoadingScreen({ label = messages.common.loading }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-600"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700"
      />
      <span>{label}</span>
    </div>
  );
}

/** The loading state of a whole page: a screen tall, so the footer below does not jump when the page arrives. */
export function PageLoadingScreen() {
  return (
    <div className="min-h-dvh">
      <LoadingScreen />
    </div>
  );
}
