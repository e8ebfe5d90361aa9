/** Turkish texts of the admin's monthly withholding report (e-ticaret stopajı, decision 041). */
export const withholdingMessages = {
  monthInvalid: 'Ay YYYY-AA biçiminde olmalıdır (ör. 2026-01)',
  report: {
    title: 'Aylık Stopaj Raporu',
    lead: 'Seçilen ayda satıcılara aktarılan satışlardan kesilen e-ticaret stopajı (KDV hariç tutar üzerinden), satıcı bazında. Tutarlar defter kayıtlarından alınır.',
    month: 'Ay',
    downloadCsv: 'CSV İndir',
    store: 'Mağaza Ünvanı',
    taxNumber: 'Vergi No',
    gross: 'Aktarılan Satış',
    base: 'Matrah (KDV Hariç)',
    withheld: 'Kesilen Stopaj',
    total: 'Toplam',
    empty: 'Bu ayda stopaj kesilen aktarım yok.',
    loadFailed: 'Stopaj raporu yüklenemedi.',
  },
  csv: {
    fileName: (month: string) => `stopaj-raporu-${month}.csv`,
    header: ['Mağaza Ünvanı', 'Vergi No', 'Aktarılan Satış (TL)', 'Matrah KDV Hariç (TL)', 'Kesilen Stopaj (TL)'],
    total: 'Toplam',
  },
} as const;
