import { Link } from 'react-router';
import { storePath } from '../lib/paths.ts';

/**
 * A seller's "@handle" linking to its public store page (/magaza/:slug); plain text when the
 * store has no page, and the fallback text when it has no handle.
 */
export function StoreLink({
  handle,
  slug,
  fallback,
  // Underlined always: a link inside a line of text must not be told apart by colour alone (axe link-in-text-block).
  className = 'text-brand-700 underline underline-offset-2',
}: {
  handle: string | null;
  slug: string | null;
  fallback: string;
  className?: string;
}) {
  const text = handle ? `@${handle}` : fallback;
  if (!slug) return <>{text}</>;
  return (
    <Link to={storePath(slug)} className={className}>
      {text}
    </Link>
  );
}
