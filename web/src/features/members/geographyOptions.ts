// The options of the locality picker's four selects, each level searched by the server within its parent.
// (The geography screens have their own calls; this picker only needs these lists.)
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import type { Option } from '../../shared/form/RemoteSelect';
import { optionalText } from '../../shared/list/listParams';

/** Rows a level offers at once; typing searches the rest. */
const LIMIT = 500;

const option = (value: number | null | undefined, label: string | undefined): Option[] =>
  value ? [{ value, label: label ?? String(value) }] : [];

export async function regionOptions(search: string): Promise<Option[]> {
  const answer = await request(
    api.GET('/region/get.region_list', { params: { query: { filter: optionalText(search), _limit: LIMIT, _orderBy: 'region_name' } } }),
  );
  return answer.data.flatMap((row) => option(row.region_id, row.region_name));
}

export async function departmentOptions(regionId: number, search: string): Promise<Option[]> {
  const answer = await request(
    api.GET('/department/get.department_list', {
      params: { query: { regionId, filter: optionalText(search), _limit: LIMIT, _orderBy: 'department_name' } },
    }),
  );
  return answer.data.flatMap((row) => option(row.department_id, row.department_name));
}

export async function subprefectureOptions(departmentId: number, search: string): Promise<Option[]> {
  const answer = await request(
    api.GET('/subprefecture/get.subprefecture_list', {
      params: { query: { departmentId, filter: optionalText(search), _limit: LIMIT, _orderBy: 'subprefecture_name' } },
    }),
  );
  return answer.data.flatMap((row) => option(row.subprefecture_id, row.subprefecture_name));
}

export async function localityOptions(subprefectureId: number, search: string): Promise<Option[]> {
  const answer = await request(
    api.GET('/locality/get.locality_list', {
      params: { query: { subprefectureId, filter: optionalText(search), _limit: LIMIT, _orderBy: 'locality_name' } },
    }),
  );
  return answer.data.flatMap((row) => option(row.locality_id, row.locality_name));
}
