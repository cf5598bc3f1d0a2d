// The members' calls as TanStack Query hooks: the list, one member, its family, writes and photo upload.
// Every write reloads the members' queries, and the cooperatives' and parcels' (member counts and names).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableRef } from 'antd';
import type { RefObject } from 'react';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { postForm } from '../../shared/api/upload';
import { useWrite } from '../../shared/api/useWrite';
import { notifySuccess } from '../../shared/feedback/feedback';
import { afterLast } from '../../shared/list/keyset';
import { keysetQuery, optionalText, type ListParams } from '../../shared/list/listParams';
import { useKeysetList } from '../../shared/list/useKeysetList';
import { memberLabel } from './family';

export type Member = Schemas['Member'];
/** A member as the lists show it; the whole record is `useMember`'s. */
export type MemberRow = Schemas['MemberRow'];
export type Family = Schemas['Family'];
type PhotoAnswer = Schemas['PhotoAnswer'];

/** The fields the gateway lets the list sort on. */
export const MEMBER_SORTABLE = [
  'member_id',
  'member_idNumber',
  'member_lastname',
  'member_firstname',
  'member_createdAt',
  'member_birthDate',
] as const;
export type MemberSortField = (typeof MEMBER_SORTABLE)[number];

export interface MemberListParams extends ListParams<MemberSortField> {
  filter_firstname: string;
  filter_idNumber: string;
  createdBy: string;
  /** Registered on or after this day (`AAAA-MM-JJ`, the home page's figures); `''`: whenever. */
  createdFrom: string;
}

export const membersKey = ['members'] as const;
const writeKeys = [membersKey, ['cooperatives'], ['parcels']] as const;

/** The list's own filters as its call (and its export) sends them; empty text is no filter. */
export function memberListFilters(params: MemberListParams) {
  return {
    filter: optionalText(params.filter),
    filter_firstname: optionalText(params.filter_firstname),
    filter_idNumber: optionalText(params.filter_idNumber),
    createdBy: optionalText(params.createdBy),
    createdFrom: optionalText(params.createdFrom),
  };
}

/** The members, read by keyset pages of `params.pageSize` rows as the user scrolls `table`. */
export function useMemberList(params: MemberListParams, table: RefObject<TableRef | null>) {
  return useKeysetList({
    queryKey: [...membersKey, 'list', params],
    fetchPage: (start) =>
      request(
        api.GET('/member/get.member_list', {
          params: {
            query: { ...keysetQuery(params, start), ...memberListFilters(params) },
          },
        }),
      ),
    pageSize: params.pageSize,
    next: afterLast((row: MemberRow) => row.member_id),
    table,
  });
}

/** Members whose names, number or contact match `filter`: the few a select offers. */
export async function searchMembers(filter: string, limit = 20): Promise<MemberRow[]> {
  const answer = await request(
    api.GET('/member/get.member_list', {
      params: { query: { filter: optionalText(filter), _limit: limit, _orderBy: 'member_lastname' } },
    }),
  );
  return answer.data;
}

/**
 * One member, read afresh for the drawer; `null`: nothing to read. `seed` shows at once what was just
 * written while the server's record loads.
 */
export function useMember(id: number | null, seed?: Member) {
  return useQuery({
    queryKey: [...membersKey, 'one', id],
    queryFn: async () =>
      (await request(api.GET('/member/get_member/{member_id}', { params: { path: { member_id: id! } } }))).data,
    enabled: id !== null,
    placeholderData: seed,
    staleTime: 0,
  });
}

/**
 * "Awa Kouassi (C000001234)": how a row of another list (a payment) names its member, read only for the
 * rows on screen and kept a while. Quiet: a member that cannot be read is named by its id instead.
 */
export function useMemberLabel(id: number | null) {
  return useQuery({
    queryKey: [...membersKey, 'label', id],
    queryFn: async () =>
      memberLabel(
        (
          await request(api.GET('/member/get_member/{member_id}', { params: { path: { member_id: id! } } }), {
            quiet: true,
          })
        ).data,
      ),
    enabled: id !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useMemberFamily(id: number | null) {
  return useQuery({
    queryKey: [...membersKey, 'family', id],
    queryFn: async () =>
      (await request(api.GET('/member/get_member-family/{member_id}', { params: { path: { member_id: id! } } }))).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveMember() {
  return useWrite(writeKeys, (body: Member) => request(api.POST('/member/post_member', { body })));
}

export function useDeleteMember() {
  return useWrite(writeKeys, (id: number) =>
    request(api.DELETE('/member/delete_member/{member_id}', { params: { path: { member_id: id } } })),
  );
}

export interface PhotoUploadInput {
  memberId: number;
  photo: Blob;
  onProgress?: (percent: number) => void;
}

/** Sends a photo (multipart `member_id` + `member_photo`), reporting the upload's progress. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, photo, onProgress }: PhotoUploadInput) => {
      const form = new FormData();
      form.append('member_id', String(memberId));
      form.append('member_photo', photo, 'photo.jpg');
      return request(postForm<PhotoAnswer>('/api/member/post_member-photo', form, onProgress));
    },
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: membersKey });
    },
  });
}
