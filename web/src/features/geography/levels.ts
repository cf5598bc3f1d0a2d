// The four levels of the geography described once: their calls, fields, sort fields, columns and parent.
// One list screen and one form serve all four from these descriptions.
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import type { Option } from '../../shared/form/RemoteSelect';
import { optionalText, pagingQuery, type ListParams } from '../../shared/list/listParams';
import { fr } from '../../shared/locale/fr';

export type Row = Record<string, unknown>;
export interface Written {
  message?: string;
}

export interface GeographyListParams extends ListParams<string> {
  /** Only the rows under this parent. */
  parentId: number | null;
}

export interface Level {
  /** Query key and test name: `regions`, `departments`, ... */
  key: string;
  idField: string;
  codeField?: string;
  nameField: string;
  /** The parent's id field in a record, and how to search the parent level for the form's select. */
  parent?: { field: string; label: string; known: (row: Row) => Option | null; options: (search: string) => Promise<Option[]> };
  /** Parent names shown as columns (from the list's answer). */
  parentColumns: { field: string; title: string }[];
  sortable: readonly string[];
  /** The list's filter on the parent level (its select reuses the form's parent search). */
  filterByParent?: boolean;
  texts: { add: string; search: string; createTitle: string; editTitle: (name: string) => string; confirmDelete: string; total: (n: number) => string };
  list: (params: GeographyListParams) => Promise<{ data: Row[]; total: number }>;
  get: (id: number) => Promise<Row>;
  save: (body: Row) => Promise<Written>;
  remove: (id: number) => Promise<Written>;
}

const t = fr.geography;
const PICK = 50;

const known = (id: unknown, name: unknown): Option | null =>
  typeof id === 'number' && id > 0 && typeof name === 'string' ? { value: id, label: name } : null;

const query = (params: ListParams<string>) => ({ ...pagingQuery(params), filter: optionalText(params.filter) });
const under = (params: GeographyListParams) => params.parentId ?? undefined;

export const REGION: Level = {
  key: 'regions',
  idField: 'region_id',
  codeField: 'region_code',
  nameField: 'region_name',
  parentColumns: [],
  sortable: ['region_name', 'region_code', 'region_id'],
  texts: t.region,
  list: async (p) => request(api.GET('/region/get.region_list', { params: { query: query(p) } })),
  get: async (id) => (await request(api.GET('/region/get_region/{id}', { params: { path: { id } } }))).data as Row,
  save: (body) => request(api.POST('/region/post_region', { body: body as never })),
  remove: (id) => request(api.DELETE('/region/delete_region/{id}', { params: { path: { id } } })),
};

export const DEPARTMENT: Level = {
  key: 'departments',
  idField: 'department_id',
  codeField: 'department_code',
  nameField: 'department_name',
  parent: {
    field: 'department_regionId',
    label: t.fields.region,
    known: (row) => known(row.department_regionId, row.region_name),
    options: async (search) => {
      const answer = await request(api.GET('/region/get.region_list', { params: { query: { filter: optionalText(search), _limit: PICK } } }));
      return answer.data.map((r) => ({ value: r.region_id!, label: String(r.region_name) }));
    },
  },
  parentColumns: [{ field: 'region_name', title: t.fields.region }],
  sortable: ['department_name', 'department_code', 'department_id', 'region_name'],
  filterByParent: true,
  texts: t.department,
  list: async (p) => request(api.GET('/department/get.department_list', { params: { query: { ...query(p), regionId: under(p) } } })),
  get: async (id) => (await request(api.GET('/department/get_department/{id}', { params: { path: { id } } }))).data as Row,
  save: (body) => request(api.POST('/department/post_department', { body: body as never })),
  remove: (id) => request(api.DELETE('/department/delete_department/{id}', { params: { path: { id } } })),
};

export const SUBPREFECTURE: Level = {
  key: 'subprefectures',
  idField: 'subprefecture_id',
  codeField: 'subprefecture_code',
  nameField: 'subprefecture_name',
  parent: {
    field: 'subprefecture_departmentId',
    label: t.fields.department,
    known: (row) => known(row.subprefecture_departmentId, row.department_name),
    options: async (search) => {
      const answer = await request(
        api.GET('/department/get.department_list', { params: { query: { filter: optionalText(search), _limit: PICK } } }),
      );
      return answer.data.map((d) => ({ value: d.department_id!, label: `${d.department_name} (${d.region_name})` }));
    },
  },
  parentColumns: [
    { field: 'department_name', title: t.fields.department },
    { field: 'region_name', title: t.fields.region },
  ],
  sortable: ['subprefecture_name', 'subprefecture_code', 'subprefecture_id', 'department_name', 'region_name'],
  filterByParent: true,
  texts: t.subprefecture,
  list: async (p) => request(api.GET('/subprefecture/get.subprefecture_list', { params: { query: { ...query(p), departmentId: under(p) } } })),
  get: async (id) => (await request(api.GET('/subprefecture/get_subprefecture/{id}', { params: { path: { id } } }))).data as Row,
  save: (body) => request(api.POST('/subprefecture/post_subprefecture', { body: body as never })),
  remove: (id) => request(api.DELETE('/subprefecture/delete_subprefecture/{id}', { params: { path: { id } } })),
};

export const LOCALITY: Level = {
  key: 'localities',
  idField: 'locality_id',
  nameField: 'locality_name',
  parent: {
    field: 'locality_subprefectureId',
    label: t.fields.subprefecture,
    known: (row) => known(row.locality_subprefectureId, row.subprefecture_name),
    options: async (search) => {
      const answer = await request(
        api.GET('/subprefecture/get.subprefecture_list', { params: { query: { filter: optionalText(search), _limit: PICK } } }),
      );
      return answer.data.map((s) => ({ value: s.subprefecture_id!, label: `${s.subprefecture_name} (${s.department_name}, ${s.region_name})` }));
    },
  },
  parentColumns: [
    { field: 'subprefecture_name', title: t.fields.subprefecture },
    { field: 'department_name', title: t.fields.department },
    { field: 'region_name', title: t.fields.region },
  ],
  sortable: ['locality_name', 'locality_id', 'subprefecture_name', 'department_name', 'region_name'],
  filterByParent: true,
  texts: t.locality,
  list: async (p) => request(api.GET('/locality/get.locality_list', { params: { query: { ...query(p), subprefectureId: under(p) } } })),
  get: async (id) => (await request(api.GET('/locality/get_locality/{id}', { params: { path: { id } } }))).data as Row,
  save: (body) => request(api.POST('/locality/post_locality', { body: body as never })),
  remove: (id) => request(api.DELETE('/locality/delete_locality/{id}', { params: { path: { id } } })),
};

/** The body of a save: the id (absent: create), the code in capitals, the name, the parent. */
export function toBody(level: Level, id: number | null, values: Row): Row {
  const body: Row = { [level.nameField]: String(values[level.nameField] ?? '').trim() };
  if (id !== null) body[level.idField] = id;
  if (level.codeField) body[level.codeField] = String(values[level.codeField] ?? '').trim().toUpperCase();
  if (level.parent) body[level.parent.field] = values[level.parent.field] ?? null;
  return body;
}
