import { ChevronDown } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/format.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { contentPages } from './content.tr.ts';

/** Renders one long-form page (corporate, legal, help) from its content entry. */
export function ContentPage({ slug }: { slug: string }) {
  const page = contentPages[slug];
  if (!page) return <NotFoundPage />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{`${page.title} | OptiStok`}</title>
      <h1 className="text-3xl font-bold text-brand-900">{page.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{page.lead}</p>
      {page.updatedAt ? (
        <p className="mt-2 text-sm text-slate-500">Son güncelleme: {formatDate(page.updatedAt)}</p>
      ) : null}
      <div className="mt-8 space-y-8">
        {page.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.items?.length ? (
              <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.faqs?.length ? (
              <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {section.faqs.map((faq) => (
                  <details key={faq.question} className="group p-4">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium text-slate-900">
                      {faq.question}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-5 shrink-0 transition-transform group-open:rotate-180"
                      />
                    </summary>
                    <p className="mt-2 leading-relaxed text-slate-700">{faq.answer}</p>
                  </details>
                ))}
              </div>
            ) : null}
          </section>
        ))}
      </div>
      {page.cta ? (
        <div className="mt-10">
          <ButtonLink to={page.cta.to}>{page.cta.label}</ButtonLink>
        </div>
      ) : null}
    </article>
  );
}
