// The four lists that export, and their calls: the job started with exactly the query the list's own
// call sends (its filters and sort; every row, so no paging) and the format, the job read again for its
// progress, and its file saved under the name the server gave it.
import { api } from '../api/client';
import { saveFile } from '../api/download';
import { request } from '../api/request';
import type { ListParams } from '../list/listParams';
import type { ExportFilters, ExportFormat, ExportJob, ExportList } from './job';
import type { ExportCalls } from './store';

/**
 * What an export sends: the list's sort as its call sends it, and its own filters (built by the list's
 * api, the very function its call uses). No paging: every row the filters keep is exported.
 */
export function exportQuery<S extends string>(params: ListParams<S>, filters: ExportFilters): ExportFilters {
  return { _orderBy: params.orderBy, _descending: params.descending, ...filters };
}

/** A list's three calls; reads are quiet (a poll that fails is asked again, without a notice each second). */
interface ListCalls {
  start: (format: ExportFormat, filters: ExportFilters) => Promise<ExportJob>;
  read: (exportId: string) => Promise<ExportJob>;
  file: (exportId: string) => Promise<Blob>;
}

const path = (exportId: string) => ({ params: { path: { exportId } } });

const listCalls: Record<ExportList, ListCalls> = {
  member: {
    start: async (format, filters) =>
      (await request(api.POST('/member/post.member_export', { params: { query: { ...filters, format } } }))).data,
    read: async (id) =>
      (await request(api.GET('/member/get.member_export/{exportId}', path(id)), { quiet: true })).data,
    file: (id) =>
      request(api.GET('/member/get.member_export_file/{exportId}', { ...path(id), parseAs: 'blob' }), { file: true }),
  },
  card: {
    start: async (format, filters) =>
      (await request(api.POST('/card/post.card_export', { params: { query: { ...filters, format } } }))).data,
    read: async (id) => (await request(api.GET('/card/get.card_export/{exportId}', path(id)), { quiet: true })).data,
    file: (id) =>
      request(api.GET('/card/get.card_export_file/{exportId}', { ...path(id), parseAs: 'blob' }), { file: true }),
  },
  delivery: {
    start: async (format, filters) =>
      (await request(api.POST('/delivery/post.delivery_export', { params: { query: { ...filters, format } } }))).data,
    read: async (id) =>
      (await request(api.GET('/delivery/get.delivery_export/{exportId}', path(id)), { quiet: true })).data,
    file: (id) =>
      request(api.GET('/delivery/get.delivery_export_file/{exportId}', { ...path(id), parseAs: 'blob' }), {
        file: true,
      }),
  },
  transaction: {
    start: async (format, filters) =>
      (await request(api.POST('/transaction/post.transaction_export', { params: { query: { ...filters, format } } })))
        .data,
    read: async (id) =>
      (await request(api.GET('/transaction/get.transaction_export/{exportId}', path(id)), { quiet: true })).data,
    file: (id) =>
      request(api.GET('/transaction/get.transaction_export_file/{exportId}', { ...path(id), parseAs: 'blob' }), {
        file: true,
      }),
  },
};

/** The calls of the store (store.ts), by list. */
export const exportCalls: ExportCalls = {
  start: (list, format, filters) => listCalls[list].start(format, filters),
  read: (list, id) => listCalls[list].read(id),
  download: async (list, job) => {
    const file = await listCalls[list].file(job.export_id);
    saveFile(file, job.export_fileName || `export-${job.export_id}.${job.export_format}`);
  },
};
