import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { actionDone, fileLink } from '@b2b/contracts/http/envelope';
import { type ReportBody, type ReportCode, reportResult } from '@b2b/contracts/reports';
import { MANAGER_ROUTES as M } from '@b2b/contracts/routes/manager';
import { api } from '@/api/api-client';
import { answerAs } from '@/api/answer-as';
import { downloadExport } from '@/api/download-export';
import { QUERY_ROOT } from '@/shared/query/resource-changes';

/** A report to build: its code and the filters it takes (back-office.md §7 POST /manager/report/{code}/). */
export interface ReportRequest {
  code: ReportCode;
  body: ReportBody;
}

/** The one query-key factory of the manager feature. */
export const managerKeys = {
  all: [QUERY_ROOT.manager] as const,
  reportKinds: () => [...managerKeys.all, 'report-kinds'] as const,
  catalog: () => [...managerKeys.all, 'catalog'] as const,
  report: (request: ReportRequest | null) => [...managerKeys.all, 'report', request?.code ?? null, request?.body ?? null] as const,
};

/** GET /manager/report/: the report kinds (CODE, NAME, PARAMS), reference data. */
export const fetchReportKinds = (signal?: AbortSignal) => api.call(M.reports, {}, { signal });

export const useReportKinds = () =>
  useQuery({ queryKey: managerKeys.reportKinds(), queryFn: ({ signal }) => fetchReportKinds(signal), staleTime: Infinity });

/** GET /manager/catalog/: the brands and sections the report filters choose from (reference data). */
export const useReportCatalog = () =>
  useQuery({ queryKey: managerKeys.catalog(), queryFn: ({ signal }) => api.call(M.catalog, {}, { signal }), staleTime: 10 * 60_000 });

/** The built report: COLUMNS, ITEMS, TOTALS, CHART (a refused filter rejects with its message). */
export async function fetchReport({ code, body }: ReportRequest, signal?: AbortSignal) {
  return answerAs(reportResult, await api.call(M.report, { params: { code }, body }, { signal }), M.report.path);
}

/**
 * A report is built on «Построить» (null: nothing asked yet) and then kept: a focus does not build it again, only
 * another «Построить» (refetch) does.
 */
export const useReport = (request: ReportRequest | null) =>
  useQuery({
    queryKey: managerKeys.report(request),
    queryFn: request ? ({ signal }) => fetchReport(request, signal) : skipToken,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** What action=export answers: SUCCESS, MESSAGE and FILE { FILENAME, URL }. */
const reportFile = actionDone({ FILE: fileLink });

/** action=export: the address of the report's .xlsx (FILE), then its download with the manager's token; its MESSAGE. */
export async function exportReport({ code, body }: ReportRequest): Promise<string | undefined> {
  const answer = answerAs(reportFile, await api.call(M.report, { params: { code }, body: { ...body, action: 'export' } }), M.report.path);
  await downloadExport(answer.FILE, `${code}.xlsx`);
  return answer.MESSAGE;
}

export const useExportReport = () => useMutation({ mutationFn: exportReport });
