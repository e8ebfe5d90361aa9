/** The texts of the shared bar chart (components/ui/bar-chart.tsx): admin analytics and seller reports. */
export const chartMessages = {
  total: (total: string) => `Toplam: ${total}`,
  showTable: 'Tablo olarak göster',
  hideTable: 'Tabloyu gizle',
  summary: (title: string, total: string, max: string) => `${title}: toplam ${total}, en yüksek ${max}`,
  peak: (title: string, max: string) => `${title}: en yüksek ${max}`,
} as const;
