/** OpenAPI tag and the access of the farmer-inputs routes (prices, requests, distributions). */
export const tags = ['inputs'];

export const access = {
  /** Requests, distributions and the season's prices: AMCOS users their own society's. */
  read: { permission: 'collections.collection.read', audience: 'any' },
  record: { permission: 'collections.collection.create', audience: 'any' },
  /** Approving requests (AMCOS manager, then union crop officer) and cancelling distributions. */
  approve: { permission: 'collections.input.approve', audience: 'any' },
  setPrices: { permission: 'settings.collection.update', audience: 'union' },
  report: { permission: 'reports.report.read', audience: 'any' },
} as const;
