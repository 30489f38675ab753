/**
 * Addresses of dashboard pages that only dashboard code links to. They live here, not
 * in paths.ts, because Home downloads paths.ts and its budget is full (decision 0015):
 * only the dashboard's lazy chunks import this file. Same shape as `paths`.
 */
export const dashboardPaths = {
  /** The admins' queue of verification photos. */
  photoVerifications: {
    path: 'photo-verifications',
    getHref: () => '/dashboard/photo-verifications',
  },
  /** The admins' serial checks: serials several sellers list, and stolen ones. */
  serialChecks: { path: 'serial-checks', getHref: () => '/dashboard/serial-checks' },
} as const;
