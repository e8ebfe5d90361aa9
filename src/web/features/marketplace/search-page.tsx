import { ArrowLeft, Search, SearchX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { paths } from '../../lib/paths.ts';
import { SearchForm } from '../../components/search-form.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { BrowseLayout } from './browse-layout.tsx';
import { useBrowseState } from './use-browse-state.ts';

const t = marketplaceMessages.search;

function NoResults({ query }: { query: string }) {
  return (
    <EmptyState
      icon={SearchX}
      title={t.noResultsTitle}
      body={t.noResults(query)}
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.search} variant="secondary">
            {t.clear}
          </ButtonLink>
          <ButtonLink to={paths.categories}>{t.browseCategories}</ButtonLink>
        </div>
      }
    />
  );
}

/**
 * /arama?q=: results by relevance with the 'Filtreler' facets, grid/list and the spec's empty
 * states; /arama?brand= (from /markalar) lists a brand without a query; neither asks for one.
 */
export function SearchPage() {
  const navigate = useNavigate();
  const browse = useBrowseState();
  const query = browse.values.q;
  // A brand alone (from /markalar) is a search too: its listings, without a query text.
  const heading = query || (browse.values.brand.length > 0 ? browse.values.brand.join(', ') : undefined);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>
        {heading ? `${heading} | ${messages.search.title} | OptiStok` : `${messages.search.title} | OptiStok`}
      </title>
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="mb-4 inline-flex min-h-11 items-center gap-1 rounded text-sm text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {t.back}
      </button>
      <h1 className="text-2xl font-bold break-words text-brand-900">
        {heading ? messages.search.resultsFor(heading) : messages.search.title}
      </h1>
      <SearchForm
        key={query}
        initialValue={query}
        placeholder={t.placeholder}
        label={t.label}
        submitLabel={t.submit}
        className="mt-4 mb-6 max-w-2xl"
        size="lg"
      />
      {heading ? (
        <BrowseLayout
          browse={browse}
          countText={marketplaceMessages.resultsCount}
          empty={<NoResults query={heading} />}
        />
      ) : (
        <EmptyState
          icon={Search}
          title={messages.search.title}
          body={messages.search.prompt}
          action={
            <ButtonLink to={paths.categories} variant="secondary">
              {t.browseCategories}
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}
