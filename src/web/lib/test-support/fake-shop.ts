/**
 * A fake of the shop's HTTP API for component tests: it stands in for the network at `fetch`
 * (not for our server code), answering the cart, checkout and session endpoints from a small
 * in-memory catalogue. Prices go through the shared pricing (`priceCart`), as the server's do.
 */
import type { CartItem } from '#shared/cart.ts';
import type { ApiErrorBody, ErrorCode } from '#shared/errors.ts';
import { priceCart, quoteInstallmentPlans, type Installments, type PricingSettings } from '#shared/pricing.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type {
  CartLineProblem,
  CartQuote,
  CartQuoteBody,
  CheckoutProfile,
  CheckoutResult,
  QuotedLine,
} from '#shared/schemas/checkout.ts';

export interface FakeOffer {
  id: string;
  sellerId: string;
  sellerHandle: string;
  name: string;
  unitPriceKurus: number;
  stock: number;
  minOrderQty?: number;
  /** The offer's VAT rate (its category's); absent = the general rate. */
  vatRateBp?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** The platform settings of the spec: 25 TL shipping per seller, free from 1.000 TL, 20 % VAT added. */
export const fakeSettings: PricingSettings & { escrowDays: number; inspectionDays: number } = {
  vatRateBp: 2000,
  shippingFeeKurus: 2_500,
  freeShippingFromKurus: 100_000,
  pricesIncludeVat: false,
  escrowDays: 15,
  inspectionDays: 7,
};

export const fakeMember: SessionUser = {
  id: 'user-buyer',
  email: 'alim@ornek-optik.com.tr',
  fullName: 'Alım Sorumlusu',
  phone: null,
  role: 'store_owner',
  publicHandle: 'ornekoptik',
  publicSlug: 'ornek-optik',
  mustResetPassword: false,
  createdAt: '2026-01-05T09:00:00.000Z',
};

/** Two offers of two sellers: frames at ₺349,90 (stock 5) and lenses at ₺120,50 (stock 3). */
export const fakeFrames: FakeOffer = {
  id: '3f8e1c2a-1111-4a55-9d4e-000000000001',
  sellerId: 'seller-kadikoy',
  sellerHandle: 'kadikoyoptik',
  name: 'Ray-Ban RB2140',
  unitPriceKurus: 34_990,
  stock: 5,
};
export const fakeLenses: FakeOffer = {
  id: '3f8e1c2a-2222-4a55-9d4e-000000000002',
  sellerId: 'seller-izmir',
  sellerHandle: 'izmirlens',
  name: 'Acuvue Oasys',
  unitPriceKurus: 12_050,
  stock: 3,
};

/** The browser cart's item for an offer ("Ray-Ban RB2140" → marka "Ray-Ban", model "RB2140"). */
export function cartItemOf(offer: FakeOffer, quantity: number): CartItem {
  const [marka, ...model] = offer.name.split(' ');
  return {
    id: offer.id,
    marka: marka!,
    model_kodu: model.join(' '),
    fiyat: offer.unitPriceKurus,
    quantity,
    maxStock: offer.stock,
    images: [],
    seller_id: offer.sellerId,
  };
}

export const fakeProfile: CheckoutProfile = {
  shippingAddress: {
    full_name: 'Ayşe Yılmaz',
    address: 'Bağdat Cad. No: 12',
    city: 'İstanbul',
    district: 'Kadıköy',
    postal_code: '34710',
    phone: '0532 111 22 33',
  },
  billing: {
    companyName: 'Örnek Optik Ltd.',
    taxNumber: '1234567890',
    city: 'İstanbul',
    district: 'Kadıköy',
    taxOffice: 'Kadıköy',
    address: 'Caferağa Mah. Moda Cad. No: 1',
    isEInvoiceUser: true,
  },
  escrowDays: fakeSettings.escrowDays,
  inspectionDays: fakeSettings.inspectionDays,
};

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function problemsOf(offer: FakeOffer, line: CartQuoteBody['lines'][number]): CartLineProblem[] {
  const problems: CartLineProblem[] = [];
  if (line.seenUnitPriceKurus !== undefined && line.seenUnitPriceKurus !== offer.unitPriceKurus)
    problems.push('price_changed');
  if (line.quantity > offer.stock) problems.push('insufficient_stock');
  if (line.quantity < (offer.minOrderQty ?? 1)) problems.push('below_minimum');
  return problems;
}

/** The quote the server would give a signed-in member (visitors: no prices). */
function quoteOf(
  offers: readonly FakeOffer[],
  body: CartQuoteBody,
  isSignedIn: boolean,
  settings: PricingSettings,
): CartQuote {
  const lines: QuotedLine[] = body.lines.map((line) => {
    const offer = offers.find((o) => o.id === line.listingId);
    if (!offer) throw new Error(`fake shop: unknown offer ${line.listingId}`);
    const problems = problemsOf(offer, line);
    return {
      listingId: offer.id,
      productId: offer.id,
      marka: offer.name.split(' ')[0]!,
      modelKodu: offer.name.split(' ').slice(1).join(' '),
      name: offer.name,
      thumbnailUrl: null,
      sellerId: offer.sellerId,
      sellerHandle: offer.sellerHandle,
      sellerSlug: offer.sellerHandle,
      quantity: line.quantity,
      unitPriceKurus: isSignedIn ? offer.unitPriceKurus : null,
      seenUnitPriceKurus: line.seenUnitPriceKurus ?? null,
      lineTotalKurus: isSignedIn ? offer.unitPriceKurus * line.quantity : null,
      stock: offer.stock,
      minOrderQty: offer.minOrderQty ?? 1,
      problems,
    };
  });
  const priced = lines
    .filter((line) => line.problems.length === 0)
    .map((line) => {
      const offer = offers.find((o) => o.id === line.listingId)!;
      return {
        key: line.listingId,
        sellerId: line.sellerId!,
        unitPriceKurus: offer.unitPriceKurus,
        quantity: line.quantity,
        vatRateBp: offer.vatRateBp,
      };
    });
  const installments: Installments = body.installments ?? 1;
  const cart = priceCart(priced, settings, installments);
  return {
    pricesVisible: isSignedIn,
    isUtsNumberMissing: false,
    lines,
    price: isSignedIn
      ? {
          ...cart,
          vatRateBp: settings.vatRateBp,
          groups: cart.groups.map((group) => {
            const offer = offers.find((o) => o.sellerId === group.sellerId)!;
            return {
              ...group,
              sellerHandle: offer.sellerHandle,
              sellerSlug: offer.sellerHandle,
              listingIds: group.lines.map((line) => line.key),
            };
          }),
          plans: quoteInstallmentPlans(priced, settings),
        }
      : null,
    settings: {
      shippingFeeKurus: settings.shippingFeeKurus,
      freeShippingFromKurus: settings.freeShippingFromKurus,
      escrowDays: fakeSettings.escrowDays,
      vatRateBp: settings.vatRateBp,
      pricesIncludeVat: settings.pricesIncludeVat,
    },
    isReady: lines.every((line) => line.problems.length === 0),
  };
}

/**
 * A fake shop API. Install `shop.fetch` with `vi.stubGlobal('fetch', shop.fetch)`; prices follow
 * `fakeSettings`, with VAT inside the prices when `pricesIncludeVat`; `requests`
 * records every call; `answer` adds an endpoint; `failNext` makes the next call to a path answer with the server's error shape
 * (or, with `network`, reject as a dropped connection does).
 */
export function createFakeShop({
  offers = [],
  user = fakeMember,
  pricesIncludeVat = fakeSettings.pricesIncludeVat,
}: { offers?: FakeOffer[]; user?: SessionUser | null; pricesIncludeVat?: boolean } = {}) {
  const settings: PricingSettings = { ...fakeSettings, pricesIncludeVat };
  const requests: FakeRequest[] = [];
  const failures = new Map<string, { status: number; code: ErrorCode; message: string } | 'network'>();
  const answers = new Map<string, { status: number; body: unknown }>();

  const answer = (method: string, path: string, body: unknown): Response => {
    const set = answers.get(`${method} ${path}`);
    if (set) return json(set.status, set.body);
    if (method === 'GET' && path === '/api/auth/session') return json(200, { user });
    if (method === 'POST' && path === '/api/cart/quote')
      return json(200, quoteOf(offers, body as CartQuoteBody, !!user, settings));
    if (method === 'GET' && path === '/api/checkout/profile') return json(200, fakeProfile);
    if (method === 'POST' && path === '/api/checkout') {
      const result: CheckoutResult = {
        groupId: '0b7c6a52-6a43-4a55-9d4e-3f1f5d3f0c11',
        orderNumbers: ['OPT-000101'],
        chargedKurus: 0,
        paymentUrl: '/odeme/kart',
        reservedUntil: '2099-01-01T00:00:00.000Z',
      };
      return json(201, result);
    }
    return json(404, { error: { code: 'NOT_FOUND', message: 'Sayfa bulunamadı.' } } satisfies ApiErrorBody);
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, headers: new Headers(init.headers), body });
    const failure = failures.get(url.pathname);
    if (failure) {
      failures.delete(url.pathname);
      if (failure === 'network') throw new TypeError('Failed to fetch');
      return json(failure.status, { error: { code: failure.code, message: failure.message } } satisfies ApiErrorBody);
    }
    return answer(method, url.pathname, body);
  };

  return {
    fetch,
    requests,
    /** The calls made to one path (e.g. '/api/checkout'). */
    requestsTo: (path: string) => requests.filter((request) => request.path === path),
    /** Answers every later `method path` call with this status and body (endpoints beyond the cart's). */
    answer(method: string, path: string, status: number, body: unknown = null) {
      answers.set(`${method} ${path}`, { status, body });
    },
    failNext(path: string, failure: { status: number; code: ErrorCode; message: string } | 'network') {
      failures.set(path, failure);
    },
  };
}

export type FakeShop = ReturnType<typeof createFakeShop>;
