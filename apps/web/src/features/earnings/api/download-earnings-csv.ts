/**
 * GET /api/earnings/csv: every sale of the seller's as a CSV file. The browser fetches
 * it itself (a download link, with the session cookie), so there is no fetcher here.
 */
export const earningsCsvHref = '/api/earnings/csv';
