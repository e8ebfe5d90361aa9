import { z } from './zod-tr.ts';

/** Marketplace figures shown to visitors and members, computed from the database. */
export const publicStatsSchema = z.object({
  /** Listings a buyer can order now (durum Aktif, stock above zero). */
  activeListings: z.number().int().nonnegative(),
  /** Approved member stores (every account but admins). */
  members: z.number().int().nonnegative(),
  /** Orders that reached "completed" (payment released to the seller). */
  completedOrders: z.number().int().nonnegative(),
  /** Money currently held in escrow, in kuruş. */
  escrowHeldKurus: z.number().int().nonnegative(),
  generatedAt: z.iso.datetime(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;
