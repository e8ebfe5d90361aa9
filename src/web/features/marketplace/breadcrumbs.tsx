import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { paths } from '../../lib/paths.ts';

/** One step of the trail; the last step without `to` is the current page. */
export interface Crumb {
  label: string;
  to?: string;
}

/** Kategoriler › category › subcategory, starting at /kategoriler. */
export function Breadcrumbs({ trail, className = 'mb-3' }: { trail: Crumb[]; className?: string }) {
  const crumbs: Crumb[] = [{ label: marketplaceMessages.categories.title, to: paths.categories }, ...trail];
  return (
    <nav aria-label={marketplaceMessages.categories.breadcrumbLabel} className={`${className} text-sm text-slate-600`}>
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <Fragment key={`${index}-${crumb.label}`}>
            {index > 0 ? (
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
            ) : null}
            <li>
              {crumb.to ? (
                <Link to={crumb.to} className="rounded hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page">{crumb.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
