import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import { paths } from '../../lib/paths.ts';
import { UtsReportView } from './uts-report-view.tsx';

const p = utsMessages.page;

/** /siparislerim/uts: the buyer's ÜTS alma list of a month, its CSV and the "Bildirdim" ticks (decision 044). */
export function BuyerUtsPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
      <title>{`${p.almaTitle} | OptiStok`}</title>
      <Link to={paths.orders} className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {tradingMessages.orders.buyerTitle}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{p.almaTitle}</h1>
        <p className="mt-2 text-slate-600">{p.almaLead}</p>
      </div>
      <UtsReportView side="alma" />
    </div>
  );
}
