import { describe, expect, it } from 'vitest';
import { activeFilterCount, browseSearchParams, readView } from './browse-params.ts';
import { readBrowseValues } from './read-browse-values.ts';

describe('browse filters in the address', () => {
  it('reads every filter, repeated brands included, and writes them back unchanged', () => {
    const text =
      'q=ray+ban&category=gunes-gozlugu&sub=erkek&brand=Ray-Ban&brand=Persol&minPrice=100&maxPrice=5000&inStock=1&sort=price_asc&page=3&view=list';
    const params = new URLSearchParams(text);
    const values = readBrowseValues(params);
    expect(values).toMatchObject({
      q: 'ray ban',
      category: 'gunes-gozlugu',
      sub: 'erkek',
      brand: ['Ray-Ban', 'Persol'],
      minPrice: 100,
      maxPrice: 5000,
      inStock: true,
      promoted: false,
      sort: 'price_asc',
      page: 3,
    });
    expect(readView(params)).toBe('list');
    expect(browseSearchParams(values, 'list').toString()).toBe(text);
  });

  it('drops what the shared schema refuses and leaves defaults out', () => {
    const values = readBrowseValues(
      new URLSearchParams('q=%20%20&category=yok&minPrice=abc&sort=rastgele&page=-2&brand='),
    );
    expect(values).toMatchObject({
      q: undefined,
      category: undefined,
      minPrice: undefined,
      sort: undefined,
      page: 1,
      brand: [],
    });
    expect(browseSearchParams(values).toString()).toBe('');
    expect(readView(new URLSearchParams('view=tablo'))).toBe('grid');
  });

  it('keeps the keys a page holds in its path out of the query string', () => {
    const values = readBrowseValues(new URLSearchParams('brand=Vogue'));
    expect(
      browseSearchParams({ ...values, category: 'gozluk', sub: 'modern' }, 'grid', ['category', 'sub']).toString(),
    ).toBe('brand=Vogue');
  });

  it('counts the panel’s filters in use, not the page’s own category', () => {
    const values = readBrowseValues(
      new URLSearchParams('category=gozluk&sub=klasik&brand=A&brand=B&minPrice=10&inStock=true'),
    );
    expect(activeFilterCount(values)).toBe(6);
    expect(activeFilterCount(values, { category: 'gozluk', sub: 'klasik' })).toBe(4);
  });
});
