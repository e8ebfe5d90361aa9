import { zodResolver } from '@hookform/resolvers/zod';
import { Eraser, Save } from 'lucide-react';
import { useState, type ComponentType, type Ref } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { requiresExpiry } from '#shared/categories.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { formatKurusForInput } from '#shared/money.ts';
import {
  DEFAULT_HANDLING_DAYS,
  DEFAULT_MIN_ORDER_QTY,
  listingFormFieldOrder,
  createListingFormSchema,
  listingTypeLabel,
  type ListingFormFields,
  type ListingValues,
  type SellerListing,
} from '#shared/schemas/listings.ts';
import { AmountField } from '../../components/ui/amount-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePricesIncludeVat } from '../../lib/public-settings.ts';
import { ImageSaveError, useSaveListing, type ImageChange } from './api.ts';
import { CatalogueCombobox, type ChosenProduct } from './catalogue-combobox.tsx';
import { ExpiryDatePicker } from './expiry-date-picker.tsx';
import { ListingImageField } from './listing-image-field.tsx';
import { appNow } from '../../lib/app-clock.ts';

/** The form checks the expiry date against today on the app's clock (the server's). */
const listingFormSchema = createListingFormSchema(appNow);

const f = listingMessages.form;
const t = listingMessages.toasts;

type FormField = (typeof listingFormFieldOrder)[number];
/** Server field names → the form's. */
const formFieldOf: Record<string, FormField> = {
  productId: 'productId',
  stock: 'stock',
  priceKurus: 'price',
  miad: 'miad',
  handlingDays: 'handlingDays',
  minOrderQty: 'minOrderQty',
  discountPercent: 'discountPercent',
};

function defaultsOf(listing: SellerListing | null): ListingFormFields {
  if (!listing) {
    return {
      productId: '',
      requiresExpiry: false,
      stock: '',
      price: '',
      miad: null,
      handlingDays: String(DEFAULT_HANDLING_DAYS),
      minOrderQty: String(DEFAULT_MIN_ORDER_QTY),
      discountPercent: '',
      isPromoted: false,
    };
  }
  return {
    productId: listing.productId ?? '',
    requiresExpiry: requiresExpiry(listing.kategori, listing.altKategori),
    stock: String(listing.stok),
    price: formatKurusForInput(listing.priceKurus),
    miad: listing.miad,
    handlingDays: String(listing.handlingDays),
    minOrderQty: String(listing.minOrderQty),
    discountPercent: listing.discountPercent === null ? '' : String(listing.discountPercent),
    isPromoted: listing.isPromoted,
  };
}

function chosenOf(listing: SellerListing | null): ChosenProduct | null {
  if (!listing?.productId) return null;
  return {
    id: listing.productId,
    brand: listing.marka,
    modelCode: listing.modelKodu,
    barcode: listing.barkod,
    category: listing.kategori,
    subcategory: listing.altKategori,
    label: listing.name,
  };
}

/** The first problem in the spec's order (product, stock, price, expiry …), for the "Hata" toast. */
function firstProblem(errors: FieldErrors<ListingFormFields>): string | undefined {
  for (const field of listingFormFieldOrder) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return undefined;
}

interface ProductFormProps {
  /** Edit mode when a listing is handed over; create mode otherwise. */
  listing: SellerListing | null;
  /** The form is done (saved or cleared): the panel starts a fresh one. */
  onReset: () => void;
  /** A new listing was saved but its image was not: continue by editing it. */
  onContinueEditing: (listing: SellerListing) => void;
  searchInputRef?: Ref<HTMLInputElement>;
  /** "Ürün önerin": the catalogue feature's proposal dialog, handed in by the page. */
  proposeDialog: ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void; initialQuery?: string }>;
}

/**
 * "Yeni Ürün İlanı Ekle" / "Ürün İlanı Düzenle": catalogue search, stock, price, image, expiry
 * and the listing's terms. Problems show as "Hata" toasts (and next to their fields); every
 * control is disabled while saving; after a successful save the form starts over.
 */
export function ProductForm({
  listing,
  onReset,
  onContinueEditing,
  searchInputRef,
  proposeDialog: ProposeProductDialog,
}: ProductFormProps) {
  const save = useSaveListing();
  const pricesIncludeVat = usePricesIncludeVat();
  const [searchText, setSearchText] = useState(listing?.name ?? '');
  const [chosen, setChosen] = useState<ChosenProduct | null>(() => chosenOf(listing));
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [proposing, setProposing] = useState(false);
  const { register, handleSubmit, setValue, control, formState, setError, clearErrors } = useForm<
    ListingFormFields,
    unknown,
    ListingValues
  >({
    resolver: zodResolver(listingFormSchema),
    defaultValues: defaultsOf(listing),
  });
  const errors = formState.errors;
  const busy = formState.isSubmitting;
  const miad = useWatch({ control, name: 'miad' });
  const isPromoted = useWatch({ control, name: 'isPromoted' });
  const expiryRequired = useWatch({ control, name: 'requiresExpiry' });
  const typed = useWatch({ control, name: ['stock', 'price', 'discountPercent', 'handlingDays', 'minOrderQty'] });

  const choose = (product: ChosenProduct | null) => {
    setChosen(product);
    setValue('productId', product?.id ?? '');
    setValue('requiresExpiry', product ? requiresExpiry(product.category, product.subcategory) : false);
    if (product) clearErrors('productId');
  };

  const clear = () => {
    toast(t.clearedTitle, { description: t.clearedBody });
    onReset();
  };

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync({ id: listing?.id ?? null, values, image });
      } catch (error) {
        if (error instanceof ImageSaveError) {
          toast.error(t.errorTitle, { description: t.saveFailed(error.message) });
          onContinueEditing(error.listing);
          return;
        }
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        for (const [name, message] of Object.entries(fields)) {
          const field = formFieldOf[name];
          if (field) setError(field, { message });
        }
        // A field problem or a listing that is gone ("Ürün bulunamadı") is said as the server says it.
        const known =
          Object.keys(fields).some((name) => formFieldOf[name]) ||
          (error instanceof ApiError && error.code === 'LISTING_NOT_FOUND');
        toast.error(t.errorTitle, {
          description: known && error instanceof ApiError ? error.message : listing ? t.updateFailed : t.addFailed,
        });
        return;
      }
      // The spec's one success toast; "Form Temizlendi" belongs to the Temizle button only.
      toast.success(t.successTitle, { description: listing ? t.updated : t.created });
      onReset();
    },
    (problems) => {
      toast.error(t.errorTitle, { description: firstProblem(problems) });
    },
  );

  return (
    <Card title={listing ? f.editTitle : f.createTitle}>
      <form noValidate onSubmit={onSubmit} aria-label={listing ? f.editTitle : f.createTitle}>
        <fieldset disabled={busy} className="space-y-4">
          <div className="space-y-2">
            <CatalogueCombobox
              text={searchText}
              onTextChange={setSearchText}
              chosen={chosen}
              onChoose={choose}
              error={errors.productId?.message}
              inputRef={searchInputRef}
            />
            <button
              type="button"
              onClick={() => setProposing(true)}
              className="min-h-11 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline sm:min-h-0"
            >
              {f.proposeProduct}
            </button>
          </div>
          {chosen ? (
            <section aria-label={f.chosenProduct} className="rounded-xl bg-brand-50 p-3 text-sm">
              <h3 className="font-semibold text-brand-900">{f.chosenProduct}</h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
                <div>
                  <dt className="text-xs text-slate-600">{f.chosenBrand}</dt>
                  <dd className="font-medium text-slate-900">{chosen.brand}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{f.chosenModel}</dt>
                  <dd className="font-medium break-words text-slate-900">{chosen.modelCode}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{f.chosenBarcode}</dt>
                  <dd className="font-mono text-slate-900">{chosen.barcode ?? f.noBarcode}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600">{f.chosenType}</dt>
                  <dd className="font-medium text-slate-900">
                    {listingTypeLabel(chosen.category, chosen.subcategory)}
                  </dd>
                </div>
              </dl>
            </section>
          ) : null}
          {/* Stock and price side by side even on a phone; the rest one per row there. */}
          <div className="grid grid-cols-2 items-start gap-3 sm:gap-4">
            <AmountField
              label={f.stock}
              kind="whole"
              typed={typed[0]}
              required
              error={errors.stock?.message}
              {...register('stock')}
            />
            <AmountField
              label={pricesIncludeVat ? f.priceVatIncluded : f.price}
              kind="lira"
              typed={typed[1]}
              required
              error={errors.price?.message}
              {...register('price')}
            />
            <div className="col-span-2 sm:col-span-1">
              <ExpiryDatePicker
                value={miad}
                onChange={(value) => setValue('miad', value, { shouldValidate: formState.isSubmitted })}
                required={expiryRequired}
                disabled={busy}
                error={errors.miad?.message}
              />
            </div>
            <div className="col-span-2 sm:col-span-1">
              <AmountField
                label={f.discountPercent}
                kind="whole"
                typed={typed[2]}
                error={errors.discountPercent?.message}
                {...register('discountPercent')}
              />
            </div>
            <div className="col-span-2 sm:col-span-1">
              <AmountField
                label={f.handlingDays}
                kind="whole"
                typed={typed[3]}
                error={errors.handlingDays?.message}
                {...register('handlingDays')}
              />
            </div>
            <div className="col-span-2 sm:col-span-1">
              <AmountField
                label={f.minOrderQty}
                kind="whole"
                typed={typed[4]}
                error={errors.minOrderQty?.message}
                {...register('minOrderQty')}
              />
            </div>
          </div>
          <ListingImageField currentUrl={listing?.thumbnailUrl ?? null} change={image} onChange={setImage} />
          <SwitchField
            label={f.promoted}
            hint={f.promotedHint}
            checked={isPromoted}
            onCheckedChange={(checked) => setValue('isPromoted', checked)}
            disabled={busy}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
            <Button variant="secondary" onClick={clear}>
              <Eraser aria-hidden="true" className="size-4" />
              {f.clear}
            </Button>
            <Button type="submit">
              <Save aria-hidden="true" className="size-4" />
              {busy ? f.saving : listing ? f.submitUpdate : f.submitCreate}
            </Button>
          </div>
        </fieldset>
      </form>
      <ProposeProductDialog
        open={proposing}
        onOpenChange={setProposing}
        initialQuery={searchText.trim() || undefined}
      />
    </Card>
  );
}
