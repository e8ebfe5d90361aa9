import { ArrowUp } from 'lucide-react';
import { BACK_TO_TOP_AFTER_PX } from '#shared/constants.ts';
import { messages } from '#shared/messages.tr.ts';
import { useScrolledPast } from '../../lib/use-scroll-past.ts';

export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0 })}
      aria-label={messages.nav.backToTop}
      className="fixed bottom-20 right-4 z-30 grid size-11 place-items-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600 md:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
