import { ChevronRight, PackageSearch } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { displayName } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { categoryLinks, categoryPath, paths } from '../../app/paths.ts';
import { StatsRow } from '../stats/stats-row.tsx';
import { memberHomeTexts } from './texts.ts';

const m = messages.member;

function WelcomeBanner({ user }: { user: SessionUser }) {
  return (
    <section className="rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold break-words sm:text-3xl">{m.welcome(displayName(user))}</h1>
      <p className="mt-2 max-w-2xl text-brand-50">{m.welcomeLead}</p>
    </section>
  );
}

function CategoryTiles() {
  return (
    <section aria-labelledby="member-categories-title">
      <h2 id="member-categories-title" className="mb-4 text-xl font-bold text-brand-900">
        {messages.nav.categories}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {categoryLinks.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryPath(category.id)}
              className="flex min-h-16 items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-4 font-semibold text-slate-800 shadow-sm hover:border-brand-500 hover:text-brand-700"
            >
              <span className="min-w-0 break-words">{category.label}</span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductFeedNote() {
  return (
    <section aria-labelledby="member-feed-title" className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <PackageSearch aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h2 id="member-feed-title" className="mt-3 text-lg font-semibold text-slate-900">
        {memberHomeTexts.feedTitle}
      </h2>
      <p className="mx-auto mt-1 max-w-xl text-slate-600">{memberHomeTexts.feedNote}</p>
      <ButtonLink to={paths.dashboard} variant="secondary" className="mt-4">
        {memberHomeTexts.feedCta}
      </ButtonLink>
    </section>
  );
}

/** "/" for signed-in users: welcome, live figures, categories; products arrive with the catalogue. */
export function MemberHomePage({ user }: { user: SessionUser }) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <title>Ana Sayfa | OptiStok</title>
      <WelcomeBanner user={user} />
      <section aria-labelledby="member-stats-title">
        <h2 id="member-stats-title" className="mb-4 text-xl font-bold text-brand-900">
          {messages.landing.statsTitle}
        </h2>
        <StatsRow />
      </section>
      <CategoryTiles />
      <ProductFeedNote />
    </div>
  );
}
