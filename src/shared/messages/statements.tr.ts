/** Turkish texts of the store's monthly statement (Aylık Hesap Özeti, decision 043): page, CSV and PDF. */
export const statementMessages = {
  monthInvalid: 'Ay YYYY-AA biçiminde olmalıdır (ör. 2026-01)',
  monthInFuture: 'Henüz başlamamış bir ayın hesap özeti alınamaz',
  title: 'Aylık Hesap Özeti',
  lead: 'Seçilen ayda mağazanızın satışları, iadeleri, komisyon, stopaj, ödemeler ve güvenli ödemede bekleyen tutarlar; açılış ve kapanış bakiyeleriyle. Tutarlar platform defter kayıtlarından alınır.',
  month: 'Ay',
  downloadCsv: 'CSV İndir',
  downloadPdf: 'PDF İndir',
  loadFailed: 'Hesap özeti yüklenemedi.',
  item: 'Kalem',
  amount: 'Tutar',
  storeTitle: 'Mağaza Ünvanı',
  taxNumber: 'Vergi No',
  period: 'Dönem',
  generatedAt: 'Oluşturulma',
  rows: {
    openingEscrow: 'Açılış: Güvenli ödemede bekleyen',
    openingPayable: 'Açılış: Size aktarılmayı bekleyen',
    openingBalance: 'Açılış Bakiyesi',
    sales: 'Satışlar (güvenli ödemeye yatan)',
    refunds: 'İadeler (alıcıya geri ödenen)',
    released: 'Size serbest bırakılan satışlar',
    commission: 'Platform komisyonu (KDV dahil)',
    commissionVat: 'Komisyonun içindeki KDV',
    withholding: 'E-ticaret stopajı',
    withholdingBase: 'Stopaj matrahı (KDV hariç)',
    payouts: 'Hesabınıza yapılan ödemeler',
    closingEscrow: 'Kapanış: Güvenli ödemede bekleyen',
    closingPayable: 'Kapanış: Size aktarılmayı bekleyen',
    closingBalance: 'Kapanış Bakiyesi',
  },
  commissionVatRate: (rate: string) => `Komisyon KDV'si (%${rate})`,
  /** Why the figures add up: opening + sales − refunds − commission − withholding − payouts = closing. */
  identityNote:
    'Açılış bakiyesi + satışlar − iadeler − komisyon − stopaj − ödemeler = kapanış bakiyesi. Bakiye, güvenli ödemede bekleyen ile size aktarılmayı bekleyen tutarların toplamıdır.',
  commissionNote:
    'Komisyon, satış tutarından kesilen tutarın tamamıdır; içindeki KDV satış anındaki genel KDV oranıyla hesaplanır.',
  ledgerNote: 'Bu belge platformun defter kayıtlarından otomatik olarak oluşturulmuştur.',
  nav: 'Aylık Hesap Özeti',
  csv: {
    fileName: (month: string) => `hesap-ozeti-${month}.csv`,
    header: ['Kalem', 'Tutar (TL)'],
  },
  pdf: {
    fileName: (month: string) => `hesap-ozeti-${month}.pdf`,
  },
} as const;
