/**
 * Query-key roots one feature invalidates for another: a seller's change (listings) must show at
 * once on the buying side (marketplace) without listings importing the marketplace feature.
 */
export const queryRoots = {
  marketplace: ['marketplace'] as const,
};
