/** Short UI strings of the store overview that messages.tr.ts does not hold yet. */
export const storeDashboardTexts = {
  title: 'Mağaza Paneli',
  lead: 'Mağazanızın ilanlarına, siparişlerine, ödemelerine ve hesap ayarlarına buradan ulaşın.',
  shortcutsTitle: 'Kısayollar',
  listings: 'İlanlarım',
  listingsBody: 'Stoktaki ürünlerinizi listeleyin ve yönetin.',
  orders: 'Siparişler',
  ordersBody: 'Gelen siparişleri takip edin ve kargolayın.',
  transactions: 'Hesap Hareketleri',
  transactionsBody: 'Güvenli ödemede bekleyen ve hesabınıza aktarılan tutarlar.',
  settingsBody: 'Bildirimler, mağaza ayarları, şifre ve oturumlar.',
  profileBody: 'İletişim bilgileriniz ve üyelik bilgileriniz.',
} as const;
