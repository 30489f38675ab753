import { hardwareReportResultSchema, type HardwareReport } from '@laptops/shared/hardware-reports';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/hardware-reports: the file a laptop wrote about itself, or the command's
 * output pasted as text (`{ text }`), read into specs the same way.
 */
export async function readHardwareReport(report: File | string): Promise<HardwareReport> {
  let body: { body: FormData } | { json: { text: string } };
  if (typeof report === 'string') {
    body = { json: { text: report } };
  } else {
    const form = new FormData();
    form.append('report', report);
    body = { body: form };
  }
  const result = await apiRequest('/api/hardware-reports', hardwareReportResultSchema, {
    method: 'POST',
    ...body,
  });
  return result.data;
}
