// A student's report of a listing or another student (docs/api.md, Reports): one call, sent once however
// fast the button is tapped. Nothing here is cached: a report changes nothing the reporter sees.
import type { ReportBody, ReportResponse } from '@reshelf/shared';
import { api } from '../../lib/api';
import { useAction } from '../../lib/use-action';

export async function sendReport(body: ReportBody) {
  return (await api<ReportResponse>('/reports', { method: 'POST', body })).report;
}

/** Sends a report once per tap. */
export function useSendReport() {
  return useAction({ mutationFn: sendReport });
}
