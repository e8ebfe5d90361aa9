/** Short UI strings of the member home that messages.tr.ts does not hold yet. */
export const memberHomeTexts = {
  feedTitle: 'Ürün Akışı',
  feedNote: 'Üye mağazaların ilanları, ürün kataloğu yayına girdiğinde burada listelenecek.',
  feedCta: 'Satıcı Paneline Git',
} as const;
