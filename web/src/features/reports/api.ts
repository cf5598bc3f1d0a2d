// The report templates' calls as TanStack Query hooks: the list (type filter and search), one template
// with its current JSON, a version's JSON, the versions, and the writes (create or change, copy, a new
// version, delete). Every write reloads the templates' queries.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { useWrite } from '../../shared/api/useWrite';
import { notifySuccess } from '../../shared/feedback/feedback';
import { optionalText, pagingQuery, type ListParams } from '../../shared/list/listParams';
import { reportsText } from './fr';
import type { ReportType } from './template';

export type Report = Schemas['Report'];
export type ReportVersion = Schemas['ReportVersion'];
export type ReportInput = Schemas['ReportInput'];

/** The fields the gateway lets the list sort on. */
export const REPORT_SORTABLE = ['report_name', 'report_type', 'report_updatedAt', 'report_id'] as const;
export type ReportSortField = (typeof REPORT_SORTABLE)[number];

export interface ReportListParams extends ListParams<ReportSortField> {
  type?: ReportType;
}

export const REPORT_DEFAULTS: ReportListParams = {
  page: 1,
  pageSize: 50,
  orderBy: 'report_name',
  descending: false,
  filter: '',
};

export const reportsKey = ['reports'] as const;
const writeKeys = [reportsKey] as const;

/** The query of a page of the list: the shared paging inputs, the type and the search (none when empty). */
export function reportListQuery(params: ReportListParams) {
  return { ...pagingQuery(params), type: params.type, filter: optionalText(params.filter) };
}

export function useReportList(params: ReportListParams) {
  return useQuery({
    queryKey: [...reportsKey, 'list', params],
    queryFn: () => request(api.GET('/report/get.report_list', { params: { query: reportListQuery(params) } })),
    placeholderData: keepPreviousData,
  });
}

/** One template with its current version's JSON, read afresh; `null`: nothing to read. */
export function useReport(id: number | null) {
  return useQuery({
    queryKey: [...reportsKey, 'one', id],
    queryFn: async () =>
      (await request(api.GET('/report/get.report/{report_id}', { params: { path: { report_id: id! } } }))).data,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A template's versions, newest first. */
export function useReportVersions(id: number, enabled = true) {
  return useQuery({
    queryKey: [...reportsKey, 'versions', id],
    queryFn: () => request(api.GET('/report/get.report_versions/{report_id}', { params: { path: { report_id: id } } })),
    enabled,
  });
}

/** The JSON of version `version` of a template. */
export async function fetchReportJson(id: number, version: number): Promise<Report> {
  const answer = await request(
    api.GET('/report/get.report_json/{report_id}', {
      params: { path: { report_id: id }, query: { version } },
    }),
  );
  return answer.data;
}

/** Creates a template (no `report_id`) or changes its name, description, preview data or default. */
export function useSaveReport() {
  return useWrite(writeKeys, (body: ReportInput) => request(api.POST('/report/post.report', { body })));
}

export function useCopyReport() {
  return useWrite(writeKeys, (body: { report_id: number; report_name: string }) =>
    request(api.POST('/report/post.report_copy', { body })),
  );
}

/** Saves the designer's JSON as the next version; says « Version N enregistrée » and answers N. */
export function useSaveReportJson() {
  return useWrite(writeKeys, async (body: { report_id: number; report_json: string; report_versionNotes: string }) => {
    const answer = await request(api.POST('/report/post.report_json', { body }));
    notifySuccess(reportsText.designer.saved(answer.data.report_version));
    return { message: undefined as string | undefined, version: answer.data.report_version };
  });
}

export function useDeleteReport() {
  return useWrite(writeKeys, (id: number) =>
    request(api.DELETE('/report/delete.report/{report_id}', { params: { path: { report_id: id } } })),
  );
}

/** The body that makes `report` its type's default, all else unchanged. */
export function defaultBody(report: Report): ReportInput {
  return {
    report_id: report.report_id,
    report_name: report.report_name,
    report_type: report.report_type,
    report_description: report.report_description,
    report_isDefault: true,
    report_json: '',
    report_previewData: null,
    report_versionNotes: '',
  };
}
