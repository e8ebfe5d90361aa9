import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { BACK_TO_TOP_AFTER_PX } from '#shared/constants.ts';
import { messages } from '#shared/messages.tr.ts';
import { useScrolledPast } from '../../lib/use-scroll-past.ts';

// Radix gives whole tab panels tabindex="0", so focusable regions are not counted: only real controls.
const CONTROLS =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="tab"]';

/** Whether some control of the page lies under the button's box (its corners and centre). */
function coversControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  const inset = 2;
  const points: [number, number][] = [
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
    [box.left + box.width / 2, box.top + box.height / 2],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some((element) => !button.contains(element) && element.closest(CONTROLS)),
  );
}

/**
 * The floating "back to top" button. Page content may reach the screen's edge under it (the seller
 * panel's "İlan Ekle", a table's row actions), so it steps aside (hidden, not clickable) while a
 * control lies under it, and comes back once scrolling moves the control away.
 */
export function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  const ref = useRef<HTMLButtonElement>(null);
  const [isCovering, setIsCovering] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (ref.current) setIsCovering(coversControl(ref.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <button
      ref={ref}
      type="button"
      onClick={() => window.scrollTo({ top: 0 })}
      aria-label={messages.nav.backToTop}
      data-covering={isCovering || undefined}
      className="fixed right-4 bottom-20 z-30 grid size-11 place-items-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600 data-covering:invisible md:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
