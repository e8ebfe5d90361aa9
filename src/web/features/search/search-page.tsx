import { ArrowLeft, SearchX } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { paths } from '../../app/paths.ts';

/** Search page shell; listing results arrive with the catalogue. */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = (params.get('q') ?? '').trim();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <title>{query ? `${query} | Arama | OptiStok` : 'Arama | OptiStok'}</title>
      <button type="button" onClick={() => navigate(-1)} className="mb-4 inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-brand-700">
        <ArrowLeft aria-hidden="true" className="size-4" /> {messages.common.back}
      </button>
      <h1 className="text-2xl font-bold text-brand-900">{query ? messages.search.resultsFor(query) : messages.search.title}</h1>
      <SearchForm
        key={query}
        initialValue={query}
        placeholder="Ürün, marka veya kategori arayın..."
        label={messages.nav.searchLabel}
        submitLabel={messages.nav.searchSubmit}
        className="mt-4"
        size="lg"
      />
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <p className="mt-3 text-slate-700">
          {query
            ? 'Ürün araması, ilan kataloğu yayına girdiğinde burada sonuç gösterecek. O zamana kadar kategorilere göz atabilir ya da üyelik başvurusu yapabilirsiniz.'
            : messages.search.prompt}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.categories} variant="secondary">
            Kategorilere Gözat
          </ButtonLink>
          <ButtonLink to={paths.register}>Üyelik Başvurusu Yap</ButtonLink>
        </div>
      </div>
    </div>
  );
}
