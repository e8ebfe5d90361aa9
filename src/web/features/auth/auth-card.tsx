import { Glasses } from 'lucide-react';
import type { ReactNode } from 'react';

/** The centred card every sign-in screen uses: heading, lead, content, optional footer. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>{`${title} | OptiStok`}</title>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 grid size-12 place-items-center rounded-xl bg-brand-700 text-white">
            <Glasses aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
          {lead ? <p className="mt-2 text-sm text-slate-600">{lead}</p> : null}
        </div>
        {children}
        {footer ? (
          <div className="mt-6 space-y-2 border-t border-slate-200 pt-4 text-center text-sm">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}
