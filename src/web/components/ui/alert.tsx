import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  error: { className: 'bg-red-50 text-red-800 ring-red-200', icon: AlertCircle, role: 'alert' },
  success: { className: 'bg-emerald-50 text-emerald-900 ring-emerald-200', icon: CheckCircle2, role: 'status' },
  info: { className: 'bg-brand-50 text-brand-900 ring-brand-100', icon: Info, role: 'status' },
  // The circle, not a triangle: every page loads this file, and a second icon costs the landing bytes.
  warning: { className: 'bg-amber-50 text-amber-900 ring-amber-200', icon: AlertCircle, role: 'status' },
} as const;

/** An inline message box: errors are announced as alerts, the rest as status. */
export function InlineAlert({
  tone,
  children,
  className = '',
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  const { className: toneClass, icon: Icon, role } = tones[tone];
  return (
    <div
      role={role}
      className={`flex items-start gap-2 rounded-lg p-3 text-sm ring-1 ring-inset ${toneClass} ${className}`.trim()}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
