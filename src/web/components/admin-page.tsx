import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { messages } from '#shared/messages.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { ApiError } from '../lib/api-client.ts';
import { componentTexts as t } from './texts.ts';
import { InlineAlert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** The heading block of an admin page, with the document title (the overview, titled 'Admin Paneli', says it once). */
export function AdminPageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <title>{[...new Set([title, adminMessages.panelTitle, 'OptiStok'])].join(' | ')}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-1 text-slate-600">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** True for the admin guard's refusal (the account is no longer an admin), not other 403s. */
export function isAdminForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'FORBIDDEN' && error.message === messages.errors.FORBIDDEN;
}

/**
 * A failed admin query: the admin guard's refusal reads "Yetkisiz erişim" with the page-level
 * explanation; anything else shows the screen's own message.
 */
export function AdminQueryError({ error, message }: { error: unknown; message: string }) {
  if (isAdminForbidden(error)) {
    return (
      <InlineAlert tone="error">
        <strong className="block">{messages.member.unauthorizedTitle}</strong>
        {messages.member.adminOnlyPage}
      </InlineAlert>
    );
  }
  return <InlineAlert tone="error">{message}</InlineAlert>;
}

/**
 * The page's search box: registered for Ctrl/Cmd+K through `data-admin-search`, and reporting
 * its text after a short pause so each keystroke does not start a request.
 */
export function AdminSearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // The URL changed from elsewhere (back button): show its text.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={id}
          type="search"
          data-admin-search=""
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          aria-keyshortcuts="Control+K Meta+K"
          enterKeyHint="search"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-500"
        />
      </div>
    </div>
  );
}

export function Pagination({
  page,
  pageCount,
  total,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav
      aria-label="Sayfalar"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <span>
        {t.totalCount(total)} · {t.pageOf(page, pageCount)}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t.previous}
        </Button>
        <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
          {t.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** A definition list row for detail views. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}
