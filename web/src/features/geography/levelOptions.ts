// The options of the selects that pick a level (a parent in the geography's forms and filters, a member's
// locality): searched by the server (`filter`, accents ignored) and, in a cascade, only within the choice
// made one level up. Without that choice (a list's filter), an option also names its own parents, so
// that two sub-prefectures of one name are told apart.
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import type { Option } from '../../shared/form/RemoteSelect';
import { optionalText } from '../../shared/list/listParams';

/** Options offered at once; typing searches the rest. */
const PICK = 200;

const paging = (search: string, orderBy: string) => ({ filter: optionalText(search), _limit: PICK, _orderBy: orderBy });

/** "Gboguhé", or "Gboguhé (Daloa, Haut-Sassandra)" when its parents are to be named. */
const named = (name: string | undefined, parents: (string | undefined)[] | null) =>
  parents ? `${name ?? ''} (${parents.join(', ')})` : (name ?? '');

export async function regionOptions(search: string): Promise<Option[]> {
  const answer = await request(
    api.GET('/region/get.region_list', { params: { query: paging(search, 'region_name') } }),
  );
  return answer.data.map((r) => ({ value: r.region_id!, label: named(r.region_name, null) }));
}

export async function departmentOptions(search: string, regionId: number | null): Promise<Option[]> {
  const answer = await request(
    api.GET('/department/get.department_list', {
      params: { query: { ...paging(search, 'department_name'), regionId: regionId ?? undefined } },
    }),
  );
  return answer.data.map((d) => ({
    value: d.department_id!,
    label: named(d.department_name, regionId ? null : [d.region_name]),
  }));
}

export async function subprefectureOptions(search: string, departmentId: number | null): Promise<Option[]> {
  const answer = await request(
    api.GET('/subprefecture/get.subprefecture_list', {
      params: { query: { ...paging(search, 'subprefecture_name'), departmentId: departmentId ?? undefined } },
    }),
  );
  return answer.data.map((s) => ({
    value: s.subprefecture_id!,
    label: named(s.subprefecture_name, departmentId ? null : [s.department_name, s.region_name]),
  }));
}

export async function localityOptions(search: string, subprefectureId: number | null): Promise<Option[]> {
  const answer = await request(
    api.GET('/locality/get.locality_list', {
      params: { query: { ...paging(search, 'locality_name'), subprefectureId: subprefectureId ?? undefined } },
    }),
  );
  return answer.data.map((l) => ({
    value: l.locality_id!,
    label: named(l.locality_name, subprefectureId ? null : [l.subprefecture_name, l.department_name]),
  }));
}
