/** Corporate, legal and help pages: route path → content slug (the web router and the sitemap). */
export const contentPages: Record<string, string> = {
  '/hakkimizda': 'hakkimizda',
  '/sss': 'sss',
  '/kullanici-sozlesmesi': 'kullanici-sozlesmesi',
  '/gizlilik-politikasi': 'gizlilik-politikasi',
  '/hesap-kapat': 'hesap-kapat',
  '/nasil-calisir': 'nasil-calisir',
  '/guvenlik': 'guvenlik',
  // The spec spells it "uyyelik"; both spellings show the page.
  '/uyyelik-sartlari': 'uyelik-sartlari',
  '/uyelik-sartlari': 'uyelik-sartlari',
  '/destek': 'destek',
  '/canli-destek': 'canli-destek',
  '/kullanim-sartlari': 'kullanim-sartlari',
  '/gizlilik': 'gizlilik',
  '/kvkk': 'kvkk',
  '/cerez': 'cerez',
};

/** Public pages other than the content pages, categories and products: what the sitemap lists first. */
export const publicPagePaths = ['/', '/kategoriler', '/urunler', '/iletisim', '/register'] as const;
