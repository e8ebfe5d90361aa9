import { z } from './zod-tr.ts';

/** How many calendar months (Turkish time) the seller's report covers, ending with the current one. */
export const sellerReportQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(24).default(12),
});
export type SellerReportQuery = z.input<typeof sellerReportQuerySchema>;

const amount = z.number().int();
const count = z.number().int();

/** Figures of one set of the seller's paid orders (a month, or the whole report). */
const reportFigures = {
  /** Paid orders that stayed sold (not cancelled or fully refunded). */
  orderCount: count,
  /** What those orders brought: total − refunded, VAT and shipping included (kuruş). */
  revenueKurus: amount,
  /** revenue ÷ orders, rounded half up; 0 without orders. */
  averageOrderKurus: amount,
  /** Every order that was paid, whatever became of it. */
  paidOrderCount: count,
  /** Paid orders refunded in full or in part (cancellations after payment included). */
  refundedOrderCount: count,
  /** refunded ÷ paid in basis points (1250 = %12,5); 0 without paid orders. */
  refundRateBp: count,
};

export const sellerReportMonthSchema = z.object({
  /** yyyy-MM in Turkish time. */
  month: z.string(),
  ...reportFigures,
});
export type SellerReportMonth = z.infer<typeof sellerReportMonthSchema>;

export const bestSellerSchema = z.object({
  productName: z.string(),
  marka: z.string(),
  modelKodu: z.string(),
  quantity: count,
  revenueKurus: amount,
});
export type BestSeller = z.infer<typeof bestSellerSchema>;

export const sellerReportSchema = z.object({
  months: z.array(sellerReportMonthSchema),
  totals: z.object(reportFigures),
  /** The five products sold most (by quantity) in the period. */
  bestSellers: z.array(bestSellerSchema),
});
export type SellerReport = z.infer<typeof sellerReportSchema>;
