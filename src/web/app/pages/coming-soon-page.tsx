import { Construction } from 'lucide-react';
import { messages } from '#shared/messages.tr.ts';
import { ButtonLink } from '../../components/ui/button.tsx';

/** A proper page for a route whose feature lands in a later release. */
export function ComingSoonPage({ title }: { title: string }) {
  const t = messages.comingSoon;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>{`${title} | OptiStok`}</title>
      <Construction aria-hidden="true" className="size-12 text-brand-700" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 font-medium text-slate-800">{t.title}</p>
      <p className="mt-2 text-slate-600">{t.body}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">{messages.common.home}</ButtonLink>
        <ButtonLink to="/iletisim" variant="secondary">
          {t.contact}
        </ButtonLink>
      </div>
    </div>
  );
}
