import { categories } from '#shared/categories.ts';

// The paths themselves live in #shared (the server writes them into mails and notifications);
// the web's pages and links import them from here, with the link lists only the web shows.
export {
  adminPaths,
  brandSearchPath,
  categoryPath,
  checkoutResultPath,
  dashboardTabPath,
  newThreadPath,
  orderPath,
  paths,
  productPath,
  routePatterns,
  searchPath,
  storePath,
  threadPath,
  userManagementPath,
} from '#shared/site-paths.ts';

/** The spec's category ids with their Turkish names (from the shared category list). */
export const categoryLinks = categories.map(({ id, label }) => ({ id, label }));

/** Footer's corporate links (spec part 1 §2). */
export const footerGroups = [
  {
    title: 'Kurumsal',
    links: [
      { to: '/hakkimizda', label: 'Hakkımızda' },
      { to: '/nasil-calisir', label: 'Nasıl Çalışır?' },
      { to: '/guvenlik', label: 'Güvenlik' },
      { to: '/uyyelik-sartlari', label: 'Üyelik Şartları' },
      { to: '/iletisim', label: 'İletişim' },
    ],
  },
  {
    title: 'Yardım',
    links: [
      { to: '/sss', label: 'Sıkça Sorulan Sorular' },
      { to: '/destek', label: 'Destek Merkezi' },
      { to: '/canli-destek', label: 'Canlı Destek' },
      { to: '/hesap-kapat', label: 'Hesap Kapatma' },
    ],
  },
  {
    title: 'Yasal',
    links: [
      { to: '/kullanici-sozlesmesi', label: 'Kullanıcı Sözleşmesi' },
      { to: '/kullanim-sartlari', label: 'Kullanım Şartları' },
      { to: '/gizlilik-politikasi', label: 'Gizlilik Politikası' },
      { to: '/gizlilik', label: 'Gizlilik' },
      { to: '/kvkk', label: 'KVKK Aydınlatma Metni' },
      { to: '/cerez', label: 'Çerez Politikası' },
    ],
  },
] as const;
