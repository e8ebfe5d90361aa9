import { Link } from 'react-router';
import { categoryLinks, footerGroups } from '../../lib/paths.ts';
import { appNow } from '../../lib/app-clock.ts';

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 pb-24 text-slate-200 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <p className="text-lg font-bold text-white">OptiStok</p>
          <p className="mt-2 text-sm text-slate-300">
            Yetkili optik mağazalar arası, güvenli ödemeli B2B stok ticareti.
          </p>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="rounded hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label="Kategoriler">
          <h2 className="text-sm font-semibold text-white">Kategoriler</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {categoryLinks.map((c) => (
              <li key={c.id}>
                <Link to={`/kategori/${c.id}`} className="rounded hover:text-white hover:underline">
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-400">
          © {appNow().getFullYear()} OptiStok. Tüm hakları saklıdır.
        </p>
      </div>
    </footer>
  );
}
