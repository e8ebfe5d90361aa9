import { Check, FileUp, PackageSearch, Pencil, Plus, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { categories, findCategory, type CategoryId } from '#shared/categories.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { catalogueStatuses, type AdminCatalogueProduct, type CatalogueStatus } from '#shared/schemas/catalogue.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError, AdminSearchInput, Pagination } from '../../components/admin-page.tsx';
import { useAdminCatalogue, useDecideProposal, type CatalogueFilter } from './api.ts';
import { CatalogueImportDialog } from './catalogue-import-dialog.tsx';
import { CatalogueProductDialog } from './catalogue-product-dialog.tsx';
import { CatalogueStatusBadge, categoryText, measuresText } from './catalogue-ui.tsx';
import { RejectProposalDialog } from './reject-proposal-dialog.tsx';

const a = catalogueMessages.admin;
type Tab = 'catalogue' | 'proposals';

/** The page's state lives in the URL: tab, search, status, category and page. */
function useCatalogueFilter(): [Tab, CatalogueFilter, (change: Partial<CatalogueFilter> & { tab?: Tab }) => void] {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'proposals' ? 'proposals' : 'catalogue';
  const status = params.get('status');
  const category = params.get('category');
  const filter: CatalogueFilter = {
    q: params.get('q') ?? '',
    status:
      tab === 'proposals'
        ? 'pending'
        : catalogueStatuses.includes(status as CatalogueStatus)
          ? (status as CatalogueStatus)
          : '',
    category: findCategory(category ?? '') ? (category as CategoryId) : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = useCallback(
    (change: Partial<CatalogueFilter> & { tab?: Tab }) =>
      setParams(
        (current) => {
          // A new tab starts from a clean filter.
          const next = 'tab' in change ? new URLSearchParams() : new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (
              value === '' ||
              value === undefined ||
              (key === 'page' && value === 1) ||
              (key === 'tab' && value === 'catalogue')
            )
              next.delete(key);
            else next.set(key, String(value));
          }
          // A new search or filter starts again at page 1.
          if (!('page' in change)) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [tab, filter, update];
}

function ProposalActions({
  product,
  onEdit,
  onReject,
}: {
  product: AdminCatalogueProduct;
  onEdit: () => void;
  onReject: () => void;
}) {
  const decide = useDecideProposal();
  const approve = async () => {
    try {
      await decide.mutateAsync({ id: product.id, decision: 'approve' });
      toast.success(a.approved);
    } catch (error) {
      toast.error(a.decideFailed, { description: apiErrorMessage(error) });
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onEdit} aria-label={a.editProduct(product.name)}>
        <Pencil aria-hidden="true" className="size-4" />
        {a.edit}
      </Button>
      <Button onClick={() => void approve()} disabled={decide.isPending} aria-label={a.approveProduct(product.name)}>
        <Check aria-hidden="true" className="size-4" />
        {a.approve}
      </Button>
      <Button
        variant="secondary"
        className="text-red-700"
        onClick={onReject}
        disabled={decide.isPending}
        aria-label={a.rejectProduct(product.name)}
      >
        <X aria-hidden="true" className="size-4" />
        {a.reject}
      </Button>
    </div>
  );
}

function ProductSummary({ product }: { product: AdminCatalogueProduct }) {
  const measures = measuresText(product);
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{product.name}</span>
      <span className="block text-slate-600">
        {product.brand} · {product.modelCode}
      </span>
      {measures ? <span className="block text-xs text-slate-500">{measures}</span> : null}
    </>
  );
}

/** Proposals waiting for a decision: one card each, with the proposer and the actions. */
function ProposalCards({
  items,
  onEdit,
  onReject,
}: {
  items: AdminCatalogueProduct[];
  onEdit: (p: AdminCatalogueProduct) => void;
  onReject: (p: AdminCatalogueProduct) => void;
}) {
  return (
    <ul className="space-y-3">
      {items.map((product) => (
        <li key={product.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 text-sm">
              <ProductSummary product={product} />
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-2">
                <div>
                  <dt className="inline text-slate-500">{catalogueMessages.fields.barcode}: </dt>
                  <dd className="inline font-mono">{product.barcode ?? '–'}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">{catalogueMessages.fields.category}: </dt>
                  <dd className="inline">{categoryText(product)}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">{a.proposedBy}: </dt>
                  <dd className="inline">
                    {product.proposedBy
                      ? `${product.proposedBy.name}${product.proposedBy.publicHandle ? ` (@${product.proposedBy.publicHandle})` : ''}`
                      : a.unknownProposer}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">{a.proposedAt}: </dt>
                  <dd className="inline">
                    <time dateTime={product.createdAt}>{formatDate(product.createdAt)}</time>
                  </dd>
                </div>
              </dl>
            </div>
            <ProposalActions product={product} onEdit={() => onEdit(product)} onReject={() => onReject(product)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const th = 'px-3 py-3 font-semibold';
const td = 'px-3 py-3 align-top';
const productColumn = dataColumns<AdminCatalogueProduct>();
/** The table's columns (the category only from 1024 px); `edit` renders the row's edit button. */
const catalogueColumns = (edit: (product: AdminCatalogueProduct) => ReactNode) =>
  productColumn.columns([
    productColumn.display({
      id: 'product',
      header: a.columnProduct,
      cell: ({ row }) => <ProductSummary product={row.original} />,
      meta: { headerClassName: th, className: `min-w-0 ${td}` },
    }),
    productColumn.accessor('barcode', {
      header: a.columnBarcode,
      cell: (info) => info.getValue() ?? '–',
      meta: { headerClassName: th, className: `${td} font-mono whitespace-nowrap` },
    }),
    productColumn.display({
      id: 'category',
      header: a.columnCategory,
      cell: ({ row }) => categoryText(row.original),
      meta: { headerClassName: `${th} hidden lg:table-cell`, className: `hidden ${td} lg:table-cell` },
    }),
    productColumn.accessor('status', {
      header: a.columnStatus,
      cell: (info) => <CatalogueStatusBadge status={info.getValue()} />,
      meta: { headerClassName: th, className: td },
    }),
    productColumn.accessor('listingCount', {
      header: a.columnListings,
      cell: (info) => formatCount(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right tabular-nums` },
    }),
    productColumn.display({
      id: 'actions',
      header: () => <span className="sr-only">{a.columnActions}</span>,
      cell: ({ row }) => edit(row.original),
      meta: { headerClassName: 'px-3 py-3', className: `${td} text-right` },
    }),
  ]);

/** The catalogue: a table from 768 px, cards below it. */
function CatalogueTable({
  items,
  onEdit,
}: {
  items: AdminCatalogueProduct[];
  onEdit: (p: AdminCatalogueProduct) => void;
}) {
  const editButton = (product: AdminCatalogueProduct) => (
    <Button variant="ghost" onClick={() => onEdit(product)} aria-label={a.editProduct(product.name)}>
      <Pencil aria-hidden="true" className="size-4" />
      {a.edit}
    </Button>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <DataTable
          data={items}
          columns={catalogueColumns(editButton)}
          getRowId={(product) => product.id}
          caption={a.title}
          headClassName="border-b border-slate-200 bg-slate-50 text-slate-600"
        />
      </div>
      <ul className="space-y-3 md:hidden">
        {items.map((product) => (
          <li key={product.id} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <ProductSummary product={product} />
            <p className="mt-2 font-mono text-slate-700">{product.barcode ?? '–'}</p>
            <p className="text-slate-700">{categoryText(product)}</p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <CatalogueStatusBadge status={product.status} />
                <span className="text-slate-600">{a.listingCount(product.listingCount)}</span>
              </span>
              {editButton(product)}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function CatalogueFilters({
  tab,
  filter,
  update,
}: {
  tab: Tab;
  filter: CatalogueFilter;
  update: (change: Partial<CatalogueFilter>) => void;
}) {
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <AdminSearchInput label={a.searchLabel} placeholder={a.searchPlaceholder} value={filter.q} onChange={onSearch} />
      {tab === 'catalogue' ? (
        <div className="sm:w-44">
          <SelectField
            label={a.statusFilter}
            value={filter.status}
            onChange={(event) => update({ status: event.target.value as CatalogueStatus | '' })}
          >
            <option value="">{a.allStatuses}</option>
            {catalogueStatuses.map((status) => (
              <option key={status} value={status}>
                {catalogueMessages.status[status]}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="sm:w-48">
        <SelectField
          label={a.categoryFilter}
          value={filter.category}
          onChange={(event) => update({ category: event.target.value as CategoryId | '' })}
        >
          <option value="">{a.allCategories}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

/** /admin/catalogue: the master catalogue (search, filters, add, edit, CSV import) and the sellers' proposals queue. */
export function AdminCataloguePage() {
  const [tab, filter, update] = useCatalogueFilter();
  const list = useAdminCatalogue(filter);
  const [editing, setEditing] = useState<{ product: AdminCatalogueProduct | null } | null>(null);
  const [rejecting, setRejecting] = useState<AdminCatalogueProduct | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const pendingCount = list.data?.pendingCount ?? 0;

  return (
    <div>
      <AdminPageHeader
        title={a.title}
        lead={a.lead}
        actions={
          <>
            <Button onClick={() => setEditing({ product: null })}>
              <Plus aria-hidden="true" className="size-4" />
              {a.add}
            </Button>
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden="true" className="size-4" />
              {a.import}
            </Button>
          </>
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => update({ tab: value as Tab })}>
        <Tabs.List aria-label={a.tabsLabel} className="grid max-w-md grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {(['catalogue', 'proposals'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
            >
              {value === 'catalogue' ? a.catalogueTab : a.proposalsTab(pendingCount)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['catalogue', 'proposals'] as const).map((value) => (
          <Tabs.Content key={value} value={value} className="mt-6 space-y-4">
            {tab === 'proposals' ? <p className="text-slate-600">{a.proposalsLead}</p> : null}
            <CatalogueFilters tab={tab} filter={filter} update={update} />
            <QueryState
              query={list}
              renderError={(error) => <AdminQueryError error={error} message={a.loadFailed} />}
              isEmpty={(data) => data.items.length === 0}
              empty={
                <div className="rounded-2xl border border-slate-200 bg-white">
                  <EmptyState
                    icon={PackageSearch}
                    title={tab === 'proposals' ? a.noProposals : a.empty}
                    body={filter.q ? `"${filter.q}"` : ''}
                  />
                </div>
              }
            >
              {(data) => (
                <>
                  {tab === 'proposals' ? (
                    <ProposalCards
                      items={data.items}
                      onEdit={(product) => setEditing({ product })}
                      onReject={setRejecting}
                    />
                  ) : (
                    <CatalogueTable items={data.items} onEdit={(product) => setEditing({ product })} />
                  )}
                  <Pagination
                    page={data.page}
                    pageCount={data.pageCount}
                    total={data.total}
                    onPage={(page) => update({ page })}
                  />
                </>
              )}
            </QueryState>
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <CatalogueProductDialog
        open={editing !== null}
        product={editing?.product ?? null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
      />
      <RejectProposalDialog product={rejecting} onClose={() => setRejecting(null)} />
      <CatalogueImportDialog open={importOpen} onOpenChange={setImportOpen} />
    </div>
  );
}
