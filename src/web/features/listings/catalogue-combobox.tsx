import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import type { CatalogueProduct } from '#shared/schemas/catalogue.ts';
import { listingTypeLabel } from '#shared/schemas/listings.ts';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { LOOKUP_MIN_CHARS, useCatalogueLookup } from './api.ts';

const f = listingMessages.form;
/** Spec: the catalogue search waits 300 ms after the last key. */
const DEBOUNCE_MS = 300;

/** The catalogue product a listing offers, as the form shows it. */
export interface ChosenProduct {
  id: string;
  brand: string;
  modelCode: string;
  barcode: string | null;
  category: string;
  subcategory: string | null;
  /** The text the search box shows once the product is chosen. */
  label: string;
}

/** "Acuvue Oasys 1-Day": the name with the brand in front, unless the name starts with it already. */
function productLabel(product: CatalogueProduct): string {
  const startsWithBrand = product.name.toLocaleLowerCase('tr-TR').startsWith(product.brand.toLocaleLowerCase('tr-TR'));
  return startsWithBrand ? product.name : `${product.brand} ${product.name}`;
}

function chosenFromCatalogue(product: CatalogueProduct): ChosenProduct {
  return {
    id: product.id,
    brand: product.brand,
    modelCode: product.modelCode,
    barcode: product.barcode,
    category: product.category,
    subcategory: product.subcategory,
    label: productLabel(product),
  };
}

/** Model code, type and barcode under each match. */
function optionDetails(product: CatalogueProduct): string {
  return [
    product.modelCode,
    listingTypeLabel(product.category, product.subcategory),
    product.barcode ?? f.noBarcode,
  ].join(' · ');
}

interface CatalogueComboboxProps {
  text: string;
  onTextChange: (text: string) => void;
  chosen: ChosenProduct | null;
  onChoose: (product: ChosenProduct | null) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The product search of the seller form, an ARIA combobox: typing searches the approved
 * catalogue (debounced 300 ms, from 3 characters) with the buying side's Turkish, typo-tolerant
 * search ("rayban", "akuvue") or by the start of a barcode, arrow keys move
 * through the matches, Enter or a click chooses one, which fills the box and closes the list.
 */
export function CatalogueCombobox({ text, onTextChange, chosen, onChoose, error, inputRef }: CatalogueComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActive] = useState(-1);
  const debounced = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  // Once a product is chosen its label fills the box; that text is not searched again.
  const query = debounced.length >= LOOKUP_MIN_CHARS && debounced !== chosen?.label ? debounced : '';
  const lookup = useCatalogueLookup(query);
  const items = query ? (lookup.data ?? []) : [];
  const expanded = open && query !== '' && items.length > 0;
  // The matches can change under the highlight (a later answer of the debounced search): never point past them.
  const active = activeIndex < items.length ? activeIndex : -1;

  const choose = (product: CatalogueProduct) => {
    const next = chosenFromCatalogue(product);
    onChoose(next);
    onTextChange(next.label);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From no highlight, Down starts at the first match and Up at the last; then round and round.
      setActive(active < 0 ? (step === 1 ? 0 : items.length - 1) : (active + step + items.length) % items.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  let status = '';
  if (open && query) {
    if (lookup.isFetching && items.length === 0) status = f.searching;
    else if (lookup.isError) status = f.searchFailed;
    else if (lookup.isSuccess) status = items.length ? f.matchCount(items.length) : f.noCatalogueMatch;
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {f.productSearch}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-required="true"
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${id}-error` : `${id}-hint`} ${statusId}`}
          placeholder={f.productSearchPlaceholder}
          className={`${controlClasses} pl-9`}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            if (chosen && event.target.value !== chosen.label) onChoose(null);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={f.productSearch}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {items.map((product, index) => (
            <li
              key={product.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep the focus in the box, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(product)}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-50' : ''}`}
            >
              <span className="block font-medium text-slate-900">{productLabel(product)}</span>
              <span className="block text-xs text-slate-600">{optionDetails(product)}</span>
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {f.productSearchHint}
        </p>
      )}
      <p id={statusId} aria-live="polite" className="text-xs text-slate-600">
        {status}
      </p>
    </div>
  );
}
