import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { cargoCompanies, type SellerOrderStatusFilter } from '#shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { statusOptions, type SellerOrderFilters, type SellerOrdersView } from './seller-order-filters.ts';

const v = tradingMessages.orders.sellerView;

function statusValue(filters: SellerOrderFilters): string {
  if (filters.view !== 'all') return `view:${filters.view}`;
  return filters.status;
}

/** The seller's order filters (status or view, date range, carrier), applied on the server. */
export function SellerOrderFilterCard({
  filters,
  onChange,
}: {
  filters: SellerOrderFilters;
  onChange: (next: Partial<SellerOrderFilters>) => void;
}) {
  const hasFilters =
    filters.view !== 'all' ||
    filters.status !== '' ||
    filters.from !== '' ||
    filters.to !== '' ||
    filters.cargoCompany !== '';
  return (
    <section aria-label={v.filtersTitle} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={v.filterStatus}
          value={statusValue(filters)}
          onChange={(event) => {
            const value = event.target.value;
            if (value.startsWith('view:')) onChange({ view: value.slice(5) as SellerOrdersView, status: '', page: 1 });
            else onChange({ view: 'all', status: value as SellerOrderStatusFilter | '', page: 1 });
          }}
        >
          <option value="">{v.filterAll}</option>
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={v.filterFrom}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value, page: 1 })}
        />
        <TextField
          label={v.filterTo}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value, page: 1 })}
        />
        <SelectField
          label={v.filterCargo}
          value={filters.cargoCompany}
          onChange={(event) => onChange({ cargoCompany: event.target.value, page: 1 })}
        >
          <option value="">{v.cargoAll}</option>
          {cargoCompanies.map((company) => (
            <option key={company} value={company}>
              {tradingMessages.cargo[company]}
            </option>
          ))}
        </SelectField>
      </div>
      {hasFilters ? (
        <div className="mt-3 text-right">
          <Button
            variant="ghost"
            onClick={() => onChange({ view: 'all', status: '', from: '', to: '', cargoCompany: '', page: 1 })}
          >
            {v.clearFilters}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
