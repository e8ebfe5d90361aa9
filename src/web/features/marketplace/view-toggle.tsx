import { LayoutGrid, List } from 'lucide-react';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { BrowseView } from './browse-params.ts';

const t = marketplaceMessages.view;

/** Grid or list: two pressed/unpressed buttons in a labelled group. */
export function ViewToggle({ view, onChange }: { view: BrowseView; onChange: (view: BrowseView) => void }) {
  const options = [
    { value: 'grid', label: t.grid, icon: LayoutGrid },
    { value: 'list', label: t.list, icon: List },
  ] as const;
  return (
    <div role="group" aria-label={t.label} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          aria-label={label}
          title={label}
          onClick={() => onChange(value)}
          className={`grid size-11 place-items-center rounded-md ${view === value ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      ))}
    </div>
  );
}
