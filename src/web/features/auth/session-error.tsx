import { AlertTriangle } from 'lucide-react';
import { messages } from '#shared/messages.tr.ts';
import { Button } from '../../components/ui/button.tsx';

const t = messages.errorScreens;

/** The session could not be read (server or network down): say so and offer a retry. */
export function SessionErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <AlertTriangle aria-hidden="true" className="size-12 text-red-600" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t.genericTitle}</h1>
      <p className="mt-2 text-slate-600">{t.genericBody}</p>
      <Button className="mt-8" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}
