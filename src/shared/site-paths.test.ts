import { describe, expect, it } from 'vitest';
import {
  categoryPath,
  dashboardSectionPath,
  dashboardTabPath,
  newThreadPath,
  orderPath,
  paths,
  productPath,
  routePatterns,
  sellerOrderPath,
  storePath,
  userManagementPath,
} from './site-paths.ts';

describe('site paths', () => {
  it('builds the links the mails and notifications carry', () => {
    expect(orderPath('o-1')).toBe('/siparislerim/o-1');
    expect(dashboardTabPath('orders')).toBe('/dashboard?tab=orders');
    expect(sellerOrderPath('o-1')).toBe('/dashboard?tab=orders&order=o-1');
    expect(dashboardSectionPath('products')).toBe('/dashboard/products');
    expect(productPath('p-1')).toBe('/urun/p-1');
    expect(paths.resetPassword).toBe('/reset-password');
  });

  it('builds every page link in the shape of the route pattern the router and the server renderer match', () => {
    /** The pattern with its parameters filled in, as the router reads it back. */
    const fill = (pattern: string, ...values: string[]) => pattern.replace(/:\w+/g, () => values.shift() ?? '');
    expect(categoryPath('gunes-gozlugu')).toBe(fill(routePatterns.category, 'gunes-gozlugu'));
    expect(categoryPath('lens', 'gunluk')).toBe(fill(routePatterns.subcategory, 'lens', 'gunluk'));
    expect(productPath('p-1')).toBe(fill(routePatterns.product, 'p-1'));
    expect(storePath('kadikoy-optik')).toBe(fill(routePatterns.store, 'kadikoy-optik'));
  });

  it('encodes what a person chose (a store slug, a thread subject)', () => {
    expect(storePath('göz dünyası')).toBe('/magaza/g%C3%B6z%20d%C3%BCnyas%C4%B1');
    expect(newThreadPath({ listingId: 'l-1' })).toBe('/mesajlar/yeni?ilan=l-1');
    expect(newThreadPath({ orderId: 'o-1' })).toBe('/mesajlar/yeni?siparis=o-1');
  });

  it('leaves the default users tab out of the user-management address', () => {
    expect(userManagementPath()).toBe('/user-management');
    expect(userManagementPath({ tab: 'users', user: 'u 1' })).toBe('/user-management?user=u%201');
    expect(userManagementPath({ tab: 'applications' })).toBe('/user-management?tab=applications');
  });
});
