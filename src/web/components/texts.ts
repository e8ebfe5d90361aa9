/** UI strings of the shared widgets in components/ (the features keep their own texts). */
export const componentTexts = {
  previous: 'Önceki',
  next: 'Sonraki',
  pageOf: (page: number, count: number) => `Sayfa ${page} / ${count}`,
  totalCount: (count: number) => `Toplam ${count} kayıt`,
};
