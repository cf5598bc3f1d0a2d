// The four levels of the geography described once: their calls, fields, sort fields, columns and parent.
// One list screen and one form serve all four from these descriptions.
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import type { Option } from '../../shared/form/RemoteSelect';
import { toText } from '../../shared/format/text';
import { afterLast, pastLoaded, type ListPage, type NextStart, type PageStart } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { fr } from '../../shared/locale/fr';
import { departmentOptions, regionOptions, subprefectureOptions } from './levelOptions';

export type Row = Record<string, unknown>;
export interface Written {
  message?: string;
}

export interface GeographyListParams extends ListParams<string> {
  /** Only the rows under this parent. */
  parentId: number | null;
}

/**
 * A select of the form that picks a level above, from the top (region) down to the direct parent; each
 * one lists only what lies under the choice above it. Only the direct parent's field is sent.
 */
export interface ParentPick {
  /** The form field, named as in the record's answer so that an edit starts from the record's choices. */
  field: string;
  label: string;
  /** The required-field message. */
  required: string;
  /** The record's choice, named before the select's options load. */
  known: (row: Row) => Option | null;
  /** The options matching `search`, under `within` (the choice one level up) when given. */
  options: (search: string, within: number | null) => Promise<Option[]>;
}

export interface Level {
  /** Query key and test name: `regions`, `departments`, ... */
  key: string;
  idField: string;
  codeField?: string;
  nameField: string;
  /** The levels above, top first; the last is the direct parent, also offered as the list's filter. */
  parents: ParentPick[];
  /** Parent names shown as columns (from the list's answer). */
  parentColumns: { field: string; title: string }[];
  sortable: readonly string[];
  texts: {
    add: string;
    search: string;
    createTitle: string;
    editTitle: (name: string) => string;
    confirmDelete: string;
    total: (n: number) => string;
    tableLabel: string;
  };
  /** The page of the list from `start` (null: the first page). */
  list: (params: GeographyListParams, start: PageStart | null) => Promise<ListPage<Row>>;
  get: (id: number) => Promise<Row>;
  save: (body: Row) => Promise<Written>;
  remove: (id: number) => Promise<Written>;
}

const t = fr.geography;

/** A parent select whose record choice is `field`, named by the record's `nameField`. */
function pick(
  field: string,
  nameField: string,
  label: string,
  required: string,
  options: ParentPick['options'],
): ParentPick {
  const known = (row: Row): Option | null => {
    const id = row[field];
    const name = row[nameField];
    return typeof id === 'number' && id > 0 && typeof name === 'string' ? { value: id, label: name } : null;
  };
  return { field, label, required, known, options };
}

const region = (field: string) => pick(field, 'region_name', t.fields.region, t.rules.regionRequired, regionOptions);
const department = (field: string) =>
  pick(field, 'department_name', t.fields.department, t.rules.departmentRequired, departmentOptions);
const subprefecture = (field: string) =>
  pick(field, 'subprefecture_name', t.fields.subprefecture, t.rules.subprefectureRequired, subprefectureOptions);

const query = (params: ListParams<string>, start: PageStart | null) => ({
  ...keysetQuery(params, start),
  filter: optionalText(params.filter),
});
const under = (params: GeographyListParams) => params.parentId ?? undefined;

export const REGION: Level = {
  key: 'regions',
  idField: 'region_id',
  codeField: 'region_code',
  nameField: 'region_name',
  parents: [],
  parentColumns: [],
  sortable: ['region_name', 'region_code', 'region_id'],
  texts: t.region,
  list: async (p, start) => request(api.GET('/region/get.region_list', { params: { query: query(p, start) } })),
  get: async (id) => (await request(api.GET('/region/get_region/{id}', { params: { path: { id } } }))).data,
  save: (body) => request(api.POST('/region/post_region', { body: body as never })),
  remove: (id) => request(api.DELETE('/region/delete_region/{id}', { params: { path: { id } } })),
};

export const DEPARTMENT: Level = {
  key: 'departments',
  idField: 'department_id',
  codeField: 'department_code',
  nameField: 'department_name',
  parents: [region('department_regionId')],
  parentColumns: [{ field: 'region_name', title: t.fields.region }],
  sortable: ['department_name', 'department_code', 'department_id', 'region_name'],
  texts: t.department,
  list: async (p, start) =>
    request(
      api.GET('/department/get.department_list', { params: { query: { ...query(p, start), regionId: under(p) } } }),
    ),
  get: async (id) => (await request(api.GET('/department/get_department/{id}', { params: { path: { id } } }))).data,
  save: (body) => request(api.POST('/department/post_department', { body: body as never })),
  remove: (id) => request(api.DELETE('/department/delete_department/{id}', { params: { path: { id } } })),
};

export const SUBPREFECTURE: Level = {
  key: 'subprefectures',
  idField: 'subprefecture_id',
  codeField: 'subprefecture_code',
  nameField: 'subprefecture_name',
  parents: [region('region_id'), department('subprefecture_departmentId')],
  parentColumns: [
    { field: 'department_name', title: t.fields.department },
    { field: 'region_name', title: t.fields.region },
  ],
  sortable: ['subprefecture_name', 'subprefecture_code', 'subprefecture_id', 'department_name', 'region_name'],
  texts: t.subprefecture,
  list: async (p, start) =>
    request(
      api.GET('/subprefecture/get.subprefecture_list', {
        params: { query: { ...query(p, start), departmentId: under(p) } },
      }),
    ),
  get: async (id) =>
    (await request(api.GET('/subprefecture/get_subprefecture/{id}', { params: { path: { id } } }))).data,
  save: (body) => request(api.POST('/subprefecture/post_subprefecture', { body: body as never })),
  remove: (id) => request(api.DELETE('/subprefecture/delete_subprefecture/{id}', { params: { path: { id } } })),
};

export const LOCALITY: Level = {
  key: 'localities',
  idField: 'locality_id',
  nameField: 'locality_name',
  parents: [region('locality_regionId'), department('department_id'), subprefecture('locality_subprefectureId')],
  parentColumns: [
    { field: 'subprefecture_name', title: t.fields.subprefecture },
    { field: 'department_name', title: t.fields.department },
    { field: 'region_name', title: t.fields.region },
  ],
  sortable: ['locality_name', 'locality_id', 'subprefecture_name', 'department_name', 'region_name'],
  texts: t.locality,
  list: async (p, start) =>
    request(
      api.GET('/locality/get.locality_list', {
        params: { query: { ...query(p, start), subprefectureId: under(p) } },
      }),
    ),
  get: async (id) => (await request(api.GET('/locality/get_locality/{id}', { params: { path: { id } } }))).data,
  save: (body) => request(api.POST('/locality/post_locality', { body: body as never })),
  remove: (id) => request(api.DELETE('/locality/delete_locality/{id}', { params: { path: { id } } })),
};

/**
 * How a level's list asks for its next page: after the last row's id when sorted on the level's own
 * columns (id, code, name), which the server pages by keyset; past the rows loaded when sorted on a
 * parent's name, where the server refuses `after` (the order is only known after joining the parents).
 */
export function nextStartOf(level: Level, orderBy: string): NextStart<Row> {
  const own = [level.idField, level.codeField, level.nameField].includes(orderBy);
  return own ? afterLast((row) => idOf(level, row)) : pastLoaded;
}

/** A row's id, none when the answer lacks it. */
function idOf(level: Level, row: Row): number | null {
  const id = row[level.idField];
  return typeof id === 'number' ? id : null;
}

/** The direct parent: the last select of the cascade. */
export const directParent = (level: Level): ParentPick | undefined => level.parents.at(-1);

/** The body of a save: the id (absent: create), the code in capitals, the name, the direct parent (the
 * selects above it only narrow the choice). */
export function toBody(level: Level, id: number | null, values: Row): Row {
  const body: Row = { [level.nameField]: toText(values[level.nameField]).trim() };
  if (id !== null) body[level.idField] = id;
  if (level.codeField) body[level.codeField] = toText(values[level.codeField]).trim().toUpperCase();
  const parent = directParent(level);
  if (parent) body[parent.field] = values[parent.field] ?? null;
  return body;
}
