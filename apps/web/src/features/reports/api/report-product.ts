import { useMutation } from '@tanstack/react-query';
import { insertResultSchema } from '@laptops/shared/products';
import type { ReportInput } from '@laptops/shared/reports';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/reports: the reporter comes from the session; the product's name and seller from the server. */
export function reportProduct(input: ReportInput) {
  return apiRequest('/api/reports', insertResultSchema, { method: 'POST', json: input });
}

export function useReportProduct() {
  return useMutation({ mutationFn: reportProduct });
}
