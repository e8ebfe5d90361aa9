import { Search } from 'lucide-react';
import { useState } from 'react';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { ORDER_SEARCH_MAX } from '#shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';

const s = tradingMessages.orders.search;

/** The address's search text (?q=), blank when none. */
export function orderSearchFrom(params: URLSearchParams): string {
  return params.get('q')?.trim().slice(0, ORDER_SEARCH_MAX) ?? '';
}

/** Writes a new search into the address: ?q= (left out when blank), back to the first page. */
export function withOrderSearch(params: URLSearchParams, text: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = text.trim();
  if (trimmed) next.set('q', trimmed);
  else next.delete('q');
  next.delete('page');
  return next;
}

/**
 * The order lists' search box (order number, store, product). It searches on "Ara" or Enter, not
 * on every key, so the address and the server see one search per intent. Remount it (key) when
 * the address changes, so back and forward show the text they search.
 */
export function OrderSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <form
      role="search"
      aria-label={s.label}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <div className="min-w-0 flex-1">
        <TextField
          label={s.label}
          type="search"
          name="q"
          value={draft}
          maxLength={ORDER_SEARCH_MAX}
          placeholder={s.placeholder}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <Button type="submit">
        <Search aria-hidden="true" className="size-4" />
        {s.submit}
      </Button>
      {value ? (
        <Button type="button" variant="ghost" onClick={() => onSearch('')}>
          {s.clear}
        </Button>
      ) : null}
    </form>
  );
}
