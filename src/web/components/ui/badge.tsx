import type { ReactNode } from 'react';

export type BadgeColour = 'red' | 'blue' | 'green' | 'grey' | 'amber';

const colours: Record<BadgeColour, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
  amber: 'bg-amber-100 text-amber-900 ring-amber-200',
};

export function Badge({
  colour = 'grey',
  children,
  className = '',
}: {
  colour?: BadgeColour;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours[colour]} ${className}`.trim()}
    >
      {children}
    </span>
  );
}
