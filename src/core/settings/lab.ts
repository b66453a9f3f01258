// The chunking lab's default sweeps.

export const DEFAULT_SIZES = [200, 300, 500, 800, 1200];
/** Overlaps as fractions of the chunk size. */
export const DEFAULT_OVERLAPS = [0, 0.1, 0.25];
export const DEFAULT_THETAS = [0.5, 0.6, 0.7, 0.8, 0.9];
export const DEFAULT_PERCENTILES = [10, 25, 50];
