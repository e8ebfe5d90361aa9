import { Eye, ImageOff, Package, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import type { SellerListing } from '#shared/schemas/listings.ts';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ApiError, apiErrorMessage } from '../../lib/api-client.ts';
import { productPath } from '../../lib/paths.ts';
import { formatDate, formatKurus } from '../../lib/format.ts';
import { VatNote } from '../../components/vat-note.tsx';
import { useDeleteListing, useOwnListings, useSellerDashboard, useToggleListingStatus } from './api.ts';
import { StockBadge } from '../../components/stock-badge.tsx';
import { ListingStatusBadge, MiadPastBadge } from './listing-badges.tsx';

const l = listingMessages.list;
const c = l.columns;
const t = listingMessages.toasts;

/** An action with its icon and its word: the icons alone (a power symbol) said nothing. */
const actionButtonBase =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-200 font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

/** "Ürün bulunamadı" when the listing is gone (deleted in another tab), else the action's own failure text. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code === 'LISTING_NOT_FOUND' ? t.notFound : fallback;
}

function Thumbnail({ listing }: { listing: SellerListing }) {
  if (!listing.thumbnailUrl) {
    return (
      <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-400">
        <ImageOff aria-hidden="true" className="size-5" />
        <span className="sr-only">{l.noImage}</span>
      </span>
    );
  }
  return (
    <img
      src={listing.thumbnailUrl}
      alt={listing.name}
      loading="lazy"
      className="size-11 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
    />
  );
}

interface ActionsProps {
  listing: SellerListing;
  /** In the table: a column of smaller buttons, so the eleven columns fit. */
  compact?: boolean;
  onEdit: (listing: SellerListing) => void;
  onDelete: (listing: SellerListing) => void;
}

/** View (/urun/{id}), edit, publish toggle and delete of one listing. */
function ListingActions({ listing, compact = false, onEdit, onDelete }: ActionsProps) {
  const actionButton = `${actionButtonBase} ${compact ? 'min-h-8 px-2 text-xs' : 'min-h-11 px-3 text-sm'}`;
  const toggle = useToggleListingStatus();
  const isActive = listing.durum === 'Aktif';
  const toggleWord = isActive ? l.deactivate : l.activate;
  const onToggle = async () => {
    try {
      const saved = await toggle.mutateAsync(listing);
      toast.success(t.successTitle, { description: saved.durum === 'Aktif' ? t.activated : t.deactivated });
    } catch (error) {
      toast.error(t.errorTitle, { description: failureText(error, t.statusFailed) });
    }
  };
  return (
    <div className={compact ? 'flex flex-col items-stretch gap-1' : 'flex flex-wrap items-center justify-end gap-1.5'}>
      <Link to={productPath(listing.id)} className={actionButton} aria-label={`${l.view}: ${listing.name}`}>
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        {l.view}
      </Link>
      <button
        type="button"
        className={actionButton}
        aria-label={`${l.edit}: ${listing.name}`}
        onClick={() => onEdit(listing)}
      >
        <Pencil aria-hidden="true" className="size-4 shrink-0" />
        {l.edit}
      </button>
      <button
        type="button"
        className={actionButton}
        aria-label={`${toggleWord}: ${listing.name}`}
        disabled={toggle.isPending}
        onClick={() => void onToggle()}
      >
        {isActive ? (
          <PowerOff aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <Power aria-hidden="true" className="size-4 shrink-0" />
        )}
        {toggleWord}
      </button>
      <button
        type="button"
        className={`${actionButton} text-red-700 hover:text-red-800`}
        aria-label={`${l.delete}: ${listing.name}`}
        onClick={() => onDelete(listing)}
      >
        <Trash2 aria-hidden="true" className="size-4 shrink-0" />
        {l.delete}
      </button>
    </div>
  );
}

interface DeleteDialogProps {
  listing: SellerListing | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
  /** Where the focus goes back when the dialog closes. */
  returnFocus: () => void;
}

function DeleteDialog({ listing, onClose, onDeleted, returnFocus }: DeleteDialogProps) {
  const remove = useDeleteListing();
  const onConfirm = async () => {
    if (!listing) return;
    try {
      await remove.mutateAsync(listing.id);
      toast.success(t.successTitle, { description: t.deleted });
      onDeleted(listing.id);
    } catch (error) {
      toast.error(t.errorTitle, { description: failureText(error, t.deleteFailed) });
    } finally {
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={listing !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocus();
      }}
      title={l.deleteDialogTitle}
      description={
        <>
          <span className="block font-medium text-slate-900">{listing?.name}</span>
          {l.deleteDialogBody}
        </>
      }
      cancelLabel={l.cancel}
      confirmLabel={l.confirmDelete}
      onConfirm={() => void onConfirm()}
      busy={remove.isPending}
    />
  );
}

const th = 'px-1 py-2 align-bottom';
const td = 'px-1 py-2';
const listingColumn = dataColumns<SellerListing>();
const textColumn = (key: 'marka' | 'name' | 'modelKodu' | 'tur', header: string, className: string) =>
  listingColumn.accessor(key, { header, meta: { headerClassName: th, className: `${td} ${className}` } });

/** The product table from 1280 px: every field, the stock with its badge, and the row's actions. */
function listingColumns({
  threshold,
  onEdit,
  onDelete,
}: {
  threshold: number;
  onEdit: (listing: SellerListing) => void;
  onDelete: (listing: SellerListing) => void;
}) {
  return listingColumn.columns([
    listingColumn.display({
      id: 'image',
      header: c.image,
      cell: ({ row }) => <Thumbnail listing={row.original} />,
      meta: { headerClassName: th, className: td },
    }),
    textColumn('marka', c.brand, 'font-medium text-slate-900'),
    textColumn('name', c.name, 'text-slate-900'),
    listingColumn.accessor('barkod', {
      header: c.barcode,
      cell: (info) => info.getValue() ?? '—',
      meta: { headerClassName: th, className: `${td} font-mono text-[11px] text-slate-700` },
    }),
    textColumn('modelKodu', c.modelCode, 'text-xs text-slate-700'),
    textColumn('tur', c.type, 'text-xs text-slate-700'),
    listingColumn.accessor('miad', {
      header: c.expiry,
      cell: (info) => {
        const miad = info.getValue();
        if (!miad) return '—';
        return info.row.original.isMiadPast ? (
          <span className="flex flex-col items-start gap-1">
            {formatDate(miad)}
            <MiadPastBadge />
          </span>
        ) : (
          formatDate(miad)
        );
      },
      meta: { headerClassName: th, className: `${td} text-xs whitespace-nowrap text-slate-700` },
    }),
    listingColumn.accessor('stok', {
      header: c.stock,
      cell: (info) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-medium text-slate-900">{info.getValue()}</span>
          <StockBadge stock={info.getValue()} lowStockThreshold={threshold} />
        </span>
      ),
      meta: { headerClassName: th, className: td },
    }),
    listingColumn.accessor('priceKurus', {
      header: c.price,
      cell: (info) => (
        <>
          {formatKurus(info.getValue())} <VatNote />
        </>
      ),
      meta: { headerClassName: th, className: `${td} font-medium whitespace-nowrap text-slate-900` },
    }),
    listingColumn.accessor('durum', {
      header: c.status,
      cell: (info) => <ListingStatusBadge status={info.getValue()} />,
      meta: { headerClassName: th, className: td },
    }),
    listingColumn.display({
      id: 'actions',
      header: c.actions,
      cell: ({ row }) => <ListingActions listing={row.original} compact onEdit={onEdit} onDelete={onDelete} />,
      meta: { headerClassName: `${th} text-right`, className: td },
    }),
  ]);
}

function ListingTable({
  items,
  ...actions
}: {
  items: SellerListing[];
  threshold: number;
  onEdit: (listing: SellerListing) => void;
  onDelete: (listing: SellerListing) => void;
}) {
  return (
    <DataTable
      data={items}
      columns={listingColumns(actions)}
      getRowId={(listing) => listing.id}
      caption={l.title(items.length)}
      headClassName="border-b border-slate-200 text-xs font-semibold text-slate-600 uppercase"
      rowClassName={() => 'align-middle'}
    />
  );
}

interface ProductListProps {
  onEdit: (listing: SellerListing) => void;
  /** A listing was deleted (the form leaves it if it was being edited). */
  onDeleted: (id: string) => void;
  /** The list's region, for "Ürün Listesi" in the menu and /urunlerim to scroll to and focus. */
  regionRef: RefObject<HTMLElement | null>;
  /** Only listings whose stock is below the platform's low-stock threshold (out of stock included). */
  lowStockOnly?: boolean;
}

/**
 * "Ürün Listesi (count)": a table on wide screens (image, brand, name, barcode, model code, type,
 * expiry, stock, price, status, actions) and cards on narrow ones (brand, name, model, type,
 * stock, price), with view, edit, publish toggle and delete through the "Ürünü Sil" dialog.
 */
export function ProductList({ onEdit, onDeleted, regionRef, lowStockOnly = false }: ProductListProps) {
  const titleId = useId();
  const listings = useOwnListings();
  const dashboard = useSellerDashboard();
  const [deleting, setDeleting] = useState<SellerListing | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const askDelete = (listing: SellerListing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDeleting(listing);
  };
  // Back to the delete button, or to the list when its row has gone.
  const returnFocus = () => (opener.current?.isConnected ? opener.current : regionRef.current)?.focus();
  const threshold = dashboard.data?.lowStockThreshold ?? LOW_STOCK_THRESHOLD;
  const selected = (data: SellerListing[]) => (lowStockOnly ? data.filter((x) => x.stok < threshold) : data);

  useEffect(() => {
    if (listings.isError)
      toast.error(t.errorTitle, {
        id: 'listings-load-failed',
        description: `${t.loadFailed}: ${apiErrorMessage(listings.error)}`,
      });
  }, [listings.isError, listings.error]);

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm outline-none sm:p-6 xl:p-4"
    >
      <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
        {l.title(listings.data ? selected(listings.data).length : 0)}
      </h2>
      {lowStockOnly && listings.data ? (
        <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {l.lowStockNotice(threshold, selected(listings.data).length, listings.data.length)}
          <Link to="?" className="font-semibold underline">
            {l.showAll}
          </Link>
        </p>
      ) : null}
      <QueryState
        query={listings}
        errorText={t.loadFailed}
        isEmpty={(data) => selected(data).length === 0}
        empty={
          lowStockOnly ? (
            <EmptyState icon={Package} title={l.lowStockEmptyTitle} body={l.lowStockEmptyBody} />
          ) : (
            <EmptyState icon={Package} title={l.emptyTitle} body={l.emptyBody} />
          )
        }
      >
        {(data) => {
          const shown = selected(data);
          return (
            <>
              <div className="hidden overflow-x-auto xl:block">
                <ListingTable items={shown} threshold={threshold} onEdit={onEdit} onDelete={askDelete} />
              </div>
              <ul className="space-y-3 xl:hidden" aria-label={l.title(shown.length)}>
                {shown.map((listing) => (
                  <li key={listing.id} className="rounded-xl border border-slate-200 p-3">
                    <div className="flex gap-3">
                      <Thumbnail listing={listing} />
                      <div className="min-w-0 flex-1">
                        <p className="text-xs font-semibold text-brand-700">{listing.marka}</p>
                        <p className="font-semibold break-words text-slate-900">{listing.name}</p>
                        <p className="text-xs text-slate-600">
                          {listing.modelKodu} · {listing.tur}
                        </p>
                      </div>
                      <span className="shrink-0 self-start">
                        <ListingStatusBadge status={listing.durum} />
                      </span>
                    </div>
                    <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                      <span className="flex items-center gap-2 text-sm">
                        <span className="text-slate-600">{c.stock}:</span>
                        <span className="font-medium text-slate-900">{listing.stok}</span>
                        <StockBadge stock={listing.stok} lowStockThreshold={threshold} />
                      </span>
                      <span className="font-semibold text-slate-900">
                        {formatKurus(listing.priceKurus)} <VatNote />
                      </span>
                    </div>
                    <div className="mt-1 border-t border-slate-100 pt-1">
                      <ListingActions listing={listing} onEdit={onEdit} onDelete={askDelete} />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </QueryState>
      <DeleteDialog
        listing={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={onDeleted}
        returnFocus={returnFocus}
      />
    </section>
  );
}
