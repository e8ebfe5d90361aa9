import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../lib/paths.ts';

interface SearchFormProps {
  placeholder: string;
  label: string;
  submitLabel: string;
  initialValue?: string;
  className?: string;
  size?: 'md' | 'lg';
}

/**
 * Navigates to /arama?q=<trimmed text>, and only when the trimmed text is not empty. A plain native
 * form on purpose (the one exception to react-hook-form, decision 031): it is in the header of every
 * page, and react-hook-form with zod would add some 40 KB to the first JavaScript of the landing page.
 */
export function SearchForm({
  placeholder,
  label,
  submitLabel,
  initialValue = '',
  className = '',
  size = 'md',
}: SearchFormProps) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (query) void navigate(searchPath(query));
  };
  const height = size === 'lg' ? 'h-14 text-base' : 'h-11 text-sm';
  return (
    <form role="search" onSubmit={onSubmit} className={`flex w-full ${className}`}>
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        name="q"
        defaultValue={initialValue}
        enterKeyHint="search"
        className={`min-w-0 flex-1 rounded-l-lg border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500 ${height}`}
      />
      <button
        type="submit"
        aria-label={submitLabel}
        className={`rounded-r-lg bg-brand-700 px-4 text-white hover:bg-brand-600 ${height}`}
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
