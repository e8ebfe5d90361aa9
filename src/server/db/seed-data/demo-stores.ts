/** The demo stores of the seed: who they are, their registered companies, their listings. */

/**
 * Demo member stores; they sign in with DEMO_PASSWORD (or the password printed at first start).
 * Ids differ in their first five characters, which make the store number (OPT#KDKOY ...).
 */
export const demoStores = [
  {
    id: 'kdkoy0demo',
    name: 'Kadıköy Optik',
    email: 'kadikoy@demo.optistok.local',
    publicHandle: 'kadikoyoptik',
    publicSlug: 'kadikoy-optik',
  },
  {
    id: 'cnkya0demo',
    name: 'Çankaya Gözlük Evi',
    email: 'cankaya@demo.optistok.local',
    publicHandle: 'cankayagozluk',
    publicSlug: 'cankaya-gozluk-evi',
  },
  {
    id: 'konak0demo',
    name: 'Konak Optik',
    email: 'konak@demo.optistok.local',
    publicHandle: 'konakoptik',
    publicSlug: 'konak-optik',
  },
  {
    id: 'nlfer0demo',
    name: 'Nilüfer Lens Merkezi',
    email: 'nilufer@demo.optistok.local',
    publicHandle: 'niluferlens',
    publicSlug: 'nilufer-lens-merkezi',
  },
  {
    id: 'syhan0demo',
    name: 'Seyhan Optik',
    email: 'seyhan@demo.optistok.local',
    publicHandle: 'seyhanoptik',
    publicSlug: 'seyhan-optik',
  },
  {
    id: 'atkum0demo',
    name: 'Atakum Gözlükçüsü',
    email: 'atakum@demo.optistok.local',
    publicHandle: 'atakumgozlukcu',
    publicSlug: 'atakum-gozlukcusu',
  },
];

// The registered company of each demo store, as its approved application recorded it: the checkout
// bills it and prefills the delivery city from it. Tax numbers are fictitious.
export const demoRegistrations: Record<string, { city: string; district: string; phone: string; taxNumber: string }> = {
  kdkoy0demo: { city: 'İstanbul', district: 'Kadıköy', phone: '05321110001', taxNumber: '4810000001' },
  cnkya0demo: { city: 'Ankara', district: 'Çankaya', phone: '05321110002', taxNumber: '4810000002' },
  konak0demo: { city: 'İzmir', district: 'Konak', phone: '05321110003', taxNumber: '4810000003' },
  nlfer0demo: { city: 'Bursa', district: 'Nilüfer', phone: '05321110004', taxNumber: '4810000004' },
  syhan0demo: { city: 'Adana', district: 'Seyhan', phone: '05321110005', taxNumber: '4810000005' },
  atkum0demo: { city: 'Samsun', district: 'Atakum', phone: '05321110006', taxNumber: '4810000006' },
};

/**
 * Both behaviours of "autoOrderApproval" on the demo (decision 027): Çankaya, Seyhan and Atakum
 * ship paid orders at once; Kadıköy, Konak and Nilüfer keep the spec's default (off) and accept
 * each order with "Onayla" within 24 hours. A store that already chose keeps its choice.
 */
export const demoAutoApprovalStores = new Set(['cnkya0demo', 'syhan0demo', 'atkum0demo']);

// brand, model code, category, subcategory, stock, price (TL)
export const demoListings: [string, string, string, string | null, number, string][] = [
  ['Ray-Ban', 'RB2140 Wayfarer', 'gunes-gozlugu', 'erkek', 12, '3.450,00'],
  ['Ray-Ban', 'RB3025 Aviator', 'gunes-gozlugu', 'erkek', 8, '3.890,00'],
  ['Ray-Ban', 'RX5154 Clubmaster', 'gozluk', 'klasik', 5, '2.950,00'],
  ['Persol', 'PO3019S', 'gunes-gozlugu', 'erkek', 4, '6.200,00'],
  ['Oakley', 'OO9208 Radar EV', 'gunes-gozlugu', 'spor', 6, '5.450,00'],
  ['Oakley', 'OX8046 Airdrop', 'gozluk', 'spor', 9, '3.100,00'],
  ['Vogue', 'VO5239', 'gozluk', 'modern', 14, '1.650,00'],
  ['Vogue', 'VO5410S', 'gunes-gozlugu', 'kadin', 11, '1.890,00'],
  ['Prada', 'PR 17WS', 'gunes-gozlugu', 'kadin', 3, '9.750,00'],
  ['Gucci', 'GG0061S', 'gunes-gozlugu', 'kadin', 2, '11.200,00'],
  ['Tom Ford', 'FT5401', 'gozluk', 'klasik', 4, '8.400,00'],
  ['Carrera', 'CA 1001/S', 'gunes-gozlugu', 'erkek', 10, '2.750,00'],
  ['Police', 'VPL 985', 'gozluk', 'modern', 7, '2.300,00'],
  ['Silhouette', 'Momentum 5529', 'gozluk', 'klasik', 6, '7.900,00'],
  ['Lindberg', 'Strip 9704', 'gozluk', 'modern', 1, '14.500,00'],
  ['Miraflex', 'MF4002 Çocuk', 'cocuk-gozlugu', null, 15, '1.250,00'],
  ['Nano Vista', 'Crew 3.0', 'cocuk-gozlugu', null, 9, '1.480,00'],
  ['Acuvue', 'Oasys 1-Day (30 lu)', 'lens', 'kontakt', 40, '1.150,00'],
  ['Acuvue', 'Moist 1-Day (30 lu)', 'lens', 'kontakt', 35, '980,00'],
  ['Bausch + Lomb', 'Biotrue ONEday (30 lu)', 'lens', 'kontakt', 25, '890,00'],
  ['Alcon', 'Dailies Total1 (30 lu)', 'lens', 'kontakt', 18, '1.290,00'],
  ['CooperVision', 'Biofinity (6 lı)', 'lens', 'kontakt', 22, '1.450,00'],
  ['Essilor', 'Varilux Comfort Max 1.6', 'lens', 'progressif', 6, '4.800,00'],
  ['Zeiss', 'SmartLife Progressive 1.67', 'lens', 'progressif', 4, '6.900,00'],
  ['Hoya', 'Nulux 1.6 Tek Odak', 'lens', 'tek-odak', 20, '1.350,00'],
  ['Essilor', 'Eyezen Start 1.5', 'lens', 'tek-odak', 16, '1.100,00'],
  ['Opti-Free', 'PureMoist 300 ml', 'aksesuar', 'temizlik', 48, '265,00'],
  ['Renu', 'MultiPlus 360 ml', 'aksesuar', 'temizlik', 30, '219,00'],
  ['OptiStok', 'Mikrofiber Bez (100 lü)', 'aksesuar', 'temizlik', 60, '350,00'],
  ['OptiStok', 'Sert Gözlük Kutusu Siyah', 'aksesuar', 'kutular', 80, '45,00'],
  ['OptiStok', 'Silikon Burun Pedi (50 çift)', 'aksesuar', 'burun-pedi', 45, '180,00'],
  ['OptiStok', 'Gözlük Zinciri Altın', 'aksesuar', 'zincir', 25, '95,00'],
  ['Wera', 'Hassas Tornavida Seti 6 lı', 'atolye', 'vida-takimi', 8, '1.150,00'],
  ['OptiStok', 'Menteşe Vidası Seti (1000 adet)', 'atolye', 'vida-takimi', 12, '420,00'],
  ['Essilor', 'Kappa CT Kesme Ünitesi', 'atolye', 'cam-kesme', 1, '385.000,00'],
  ['Topcon', 'CL-300 Otomatik Fokometre', 'atolye', 'fokometre', 2, '68.000,00'],
  ['Essilor', 'Dijital Pupilometre', 'atolye', 'pupilametre', 3, '24.500,00'],
  ['OptiStok', 'Çerçeve Isıtıcı', 'atolye', 'tamir', 0, '3.200,00'],
];

/** The demo stores' ÜTS institution numbers (fictitious); Atakum has none (decision 044). */
export const demoUtsNumbers: Record<string, string> = {
  kdkoy0demo: '2481000000011',
  cnkya0demo: '2481000000022',
  konak0demo: '2481000000033',
  nlfer0demo: '2481000000044',
  syhan0demo: '2481000000055',
};
