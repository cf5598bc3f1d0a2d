// An export job as the server answers it (`<list>/get.<list>_export/{exportId}`), and what the tray says of
// it: whether it still runs, how far it is, its status and its rows in French. Pure, so tested alone.
import type { Schemas } from '../api/client';
import { formatCount } from '../format/count';
import { formatSize } from '../format/size';
import { fr } from '../locale/fr';

/** The lists that export, named as their calls are (`member/post.member_export`). */
export const EXPORT_LISTS = ['member', 'card', 'delivery', 'transaction'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A list's filters, as its own call sends them (`memberListFilters`…): a field left undefined is no filter. */
export type ExportFilters = Record<string, string | number | boolean | undefined>;

export type ExportStatus = 'waiting' | 'running' | 'done' | 'failed';

/**
 * The job as the server answers it (`sesame.common.v1.ExportJob`): its rows written so far of the rows the
 * filters keep, then its file (`export_fileName`, `export_size` in bytes) or why it failed
 * (`export_error`, in French); `export_status` is an `ExportStatus`. `export_list` is the server's name of
 * the list (`members`…): the tray names a job by the list whose calls it belongs to (`ExportList`).
 */
export type ExportJob = Schemas['ExportJob'];

type Progress = Pick<ExportJob, 'export_status' | 'export_rowsDone' | 'export_rowsTotal'>;

export function isExportList(value: unknown): value is ExportList {
  return typeof value === 'string' && (EXPORT_LISTS as readonly string[]).includes(value);
}

/** Still at work on the server: polled until it ends. */
export function isRunning(job: Pick<ExportJob, 'export_status'>): boolean {
  return job.export_status === 'waiting' || job.export_status === 'running';
}

/** Whole percent of the rows written (100 once done; 0 while the rows are not counted yet). */
export function percentDone(job: Progress): number {
  if (job.export_status === 'done') return 100;
  if (!(job.export_rowsTotal > 0)) return 0;
  const percent = Math.floor((Math.max(0, job.export_rowsDone) / job.export_rowsTotal) * 100);
  // 100 % is for a file written, not for its last rows on their way.
  return Math.min(99, percent);
}

/** "Adhérents", "Paiements": the list a job exports. */
export function listLabel(list: ExportList): string {
  return fr.exports.lists[list];
}

/** "Adhérents (CSV)": how the tray and its notices name a job. */
export function jobTitle(list: ExportList, format: string): string {
  const formats: Record<string, string> = fr.exports.formats;
  // A job not read yet has no format to tell.
  return format ? fr.exports.entryTitle(listLabel(list), formats[format] ?? format) : listLabel(list);
}

/** "En cours", "Terminé"… */
export function statusText(status: string): string {
  return fr.exports.statuses[status] ?? status;
}

/**
 * The rows, as the tray says them: "1 200 / 5 000 lignes" while it runs, "5 000 lignes" once done, and
 * "Comptage des lignes…" before the server has counted them.
 */
export function rowsText(job: Progress): string {
  const { export_status: status, export_rowsDone: done, export_rowsTotal: total } = job;
  if (status === 'done') return fr.exports.rowsDone(formatCount(done), done);
  if (status === 'waiting' && !(total > 0)) return fr.exports.counting;
  return fr.exports.rows(formatCount(done), formatCount(total), total);
}

/** "1,2 Mo" once the file is written; nothing before. */
export function sizeText(job: Pick<ExportJob, 'export_status' | 'export_size'>): string {
  return job.export_status === 'done' ? formatSize(job.export_size) : '';
}

/** The server's French reason, or a general one when it gave none. */
export function errorText(job: Pick<ExportJob, 'export_error'>): string {
  return job.export_error.trim() || fr.exports.failed;
}
