/** Short UI strings of the seller panel shell that messages.tr.ts does not hold yet (spec part 2). */
export const sellerPanelTexts = {
  lead: 'İlanlarınızı, siparişlerinizi, ödemelerinizi ve hesap ayarlarınızı tek yerden yönetin.',
  storePage: 'Mağaza Sayfam ve Değerlendirmeler',
  tabsLabel: 'Panel bölümleri',
  tabs: {
    listings: 'Ürün Listesi',
    orders: 'Siparişlerim',
    transactions: 'Hesap Hareketlerim',
    settings: 'Ayarlar',
  },
  menuTitle: 'Panel Menüsü',
  categoriesTitle: 'Kategoriler',
  /** The platform's commission rate beside "Komisyonlar". */
  commissionRate: (percent: string) => `Platform komisyonu: %${percent}`,
  /** The side menu's four collapsible sections; each item switches the tab. */
  menu: {
    products: { title: 'Ürün Yönetimi', items: { list: 'Ürün Listesi', add: 'Ürün Ekle', stock: 'Stok Yönetimi' } },
    orders: {
      title: 'Sipariş Yönetimi',
      items: { all: 'Siparişlerim', pending: 'Bekleyen Siparişler', completed: 'Tamamlanan Siparişler' },
    },
    transactions: {
      title: 'Hesap Hareketleri',
      items: { payments: 'Ödemeler', earnings: 'Kazançlar', commissions: 'Komisyonlar' },
    },
    settings: {
      title: 'Ayarlar',
      items: { profile: 'Profil Ayarları', store: 'Mağaza Ayarları', notifications: 'Bildirimler' },
    },
  },
} as const;
