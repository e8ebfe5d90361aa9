import { CheckCircle2, Handshake, Network, ShieldCheck, Zap } from 'lucide-react';
import { messages } from '#shared/messages.tr.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { paths } from '../../../lib/paths.ts';
import { StatsRow } from '../../../features/stats/stats-row.tsx';
import { usePublicStats } from '../../../features/stats/api.ts';
import { RevealOnScroll } from './reveal-on-scroll.tsx';

const t = messages.landing;
const benefitIcons = [ShieldCheck, Zap, Network];
const VERIFIED_MEMBERS_CLAIM_FROM = 1000;

/** The "1000+ doğrulanmış üye" claim is shown only once the live member count supports it. */
function useClaims(): string[] {
  const { data } = usePublicStats();
  return data && data.members >= VERIFIED_MEMBERS_CLAIM_FROM ? [...t.claims, t.verifiedMembersClaim] : [...t.claims];
}

export function LandingPage() {
  const claims = useClaims();
  return (
    <>
      <title>OptiStok | Optik Mağazalar Arası B2B Pazar Yeri</title>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
              <Handshake aria-hidden="true" className="size-4" /> Yalnızca yetkili optik mağazalar
            </p>
            <h1 className="text-3xl font-extrabold leading-tight text-brand-900 md:text-5xl">{t.heroTitle}</h1>
            <p className="mt-4 text-lg text-slate-700">{t.heroLead}</p>
            <SearchForm
              size="lg"
              placeholder={messages.nav.searchPlaceholder}
              label={t.heroSearchLabel}
              submitLabel={messages.nav.searchSubmit}
              className="mt-6"
            />
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to={paths.register} variant="accent">
                {t.applyCta}
              </ButtonLink>
              <ButtonLink to={paths.login} variant="secondary">
                {t.loginCta}
              </ButtonLink>
            </div>
          </div>
          <ul className="grid content-center gap-3" aria-label="Neden güvenli?">
            {claims.map((claim) => (
              <li key={claim} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                <span className="text-slate-800">{claim}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="stats-title" className="mb-4 text-2xl font-bold text-brand-900">
          {t.statsTitle}
        </h2>
        <StatsRow />
      </section>

      <section aria-labelledby="why-title" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="why-title" className="text-center text-3xl font-bold text-brand-900">
          {t.whyTitle}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">{t.whySubtitle}</p>
        <div className="mt-8 grid gap-4 md:grid-cols-3">
          {t.benefits.map((benefit, index) => {
            const Icon = benefitIcons[index];
            return (
              <RevealOnScroll key={benefit.title} index={index}>
                <article className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <Icon aria-hidden="true" className="size-8 text-brand-700" />
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{benefit.title}</h3>
                  <p className="mt-2 text-slate-600">{benefit.body}</p>
                </article>
              </RevealOnScroll>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="how-title" className="text-2xl font-bold text-brand-900">
          {t.howTitle}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {t.howSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span className="grid size-9 place-items-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.register}>{t.applyCta}</ButtonLink>
          <ButtonLink to="/nasil-calisir" variant="secondary">
            Nasıl Çalışır?
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
