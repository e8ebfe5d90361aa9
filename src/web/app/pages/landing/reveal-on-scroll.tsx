import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Fades its child in when it scrolls into view (0.6 s; `index` staggers by 0.1 s). */
export function RevealOnScroll({
  index = 0,
  children,
  className = '',
}: {
  index?: number;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [isRevealed, setRevealed] = useState(false);
  // Without IntersectionObserver the content simply shows. The server (no window) renders it
  // hidden, as a browser with the observer hydrates it.
  const visible = isRevealed || (typeof window !== 'undefined' && !('IntersectionObserver' in window));
  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div
      ref={ref}
      data-visible={visible}
      className={`reveal ${className}`}
      style={{ ['--delay' as string]: `${index * 0.1}s` }}
    >
      {children}
    </div>
  );
}
