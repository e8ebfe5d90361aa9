import { Search } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { searchFormSchema, type SearchFormInput, type SearchFormValues } from '#shared/schemas/marketplace.ts';
import { searchPath } from '../lib/paths.ts';

interface SearchFormProps {
  placeholder: string;
  label: string;
  submitLabel: string;
  initialValue?: string;
  className?: string;
  size?: 'md' | 'lg';
}

/** Navigates to /arama?q=<trimmed text>, and only when the trimmed text is not empty. */
export function SearchForm({
  placeholder,
  label,
  submitLabel,
  initialValue = '',
  className = '',
  size = 'md',
}: SearchFormProps) {
  const navigate = useNavigate();
  const { register, handleSubmit } = useForm<SearchFormInput, unknown, SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: { q: initialValue },
  });
  const onSubmit = handleSubmit(({ q }) => {
    if (q) void navigate(searchPath(q));
  });
  const height = size === 'lg' ? 'h-14 text-base' : 'h-11 text-sm';
  return (
    <form role="search" onSubmit={(event) => void onSubmit(event)} className={`flex w-full ${className}`}>
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        {...register('q')}
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
