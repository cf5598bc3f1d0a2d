// The photos a field laptop failed to send to the central server, as TanStack Query hooks: the list
// (paged and sorted by the server) and the retry of one photo, now.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import { notifyError, notifySuccess, notifyWarning } from '../../shared/feedback/feedback';
import { pagingQuery, type ListParams } from '../../shared/list/listParams';

export type PhotoFailure = Schemas['PhotoFailure'];
export type PhotoRetried = Schemas['PhotoRetried'];

/** The fields the gateway lets the list sort on. */
export const PHOTO_FAILURE_SORTABLE = ['lastFailedAt', 'attempts', 'member_id'] as const;
export type PhotoFailureSortField = (typeof PHOTO_FAILURE_SORTABLE)[number];
export type PhotoFailureListParams = ListParams<PhotoFailureSortField>;

/** The list opens on the latest failures. */
export const PHOTO_FAILURE_DEFAULTS: PhotoFailureListParams = {
  page: 1,
  pageSize: 50,
  orderBy: 'lastFailedAt',
  descending: true,
  filter: '',
};

// Under the synchronisation's key: a run started on the synchronisation screen reads the list again, as
// it sends (or fails) photos too.
export const photoFailuresKey = ['synchronization', 'photoFailures'] as const;

/** The query of a page of the list: the shared paging inputs only (the list has no search). */
export function photoFailureQuery(params: PhotoFailureListParams) {
  return pagingQuery(params);
}

/**
 * A page of failed photos. Read again whenever the screen opens (a run may have sent some since); `quiet`:
 * a failed read shows no notice (the tools page's count, which is only a hint); `enabled`: false asks
 * nothing.
 */
export function usePhotoFailureList(params: PhotoFailureListParams, { quiet = false, enabled = true } = {}) {
  return useQuery({
    enabled,
    queryKey: [...photoFailuresKey, 'list', params],
    queryFn: () =>
      request(api.GET('/tools/get.missing-photo_list', { params: { query: photoFailureQuery(params) } }), { quiet }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Sends one failed photo again, now, by its member's uuid. */
export async function retryPhoto(memberUuid: string): Promise<PhotoRetried> {
  return (await request(api.POST('/tools/post.missing-photo_retry', { body: { member_uuid: memberUuid } }))).data;
}

/**
 * The server's word on a retry: a confirmation once sent, a red notice when it failed again, a warning
 * when the photo no longer waits to go (its member deleted): it left the list, nothing failed.
 */
export function announceRetry(retried: PhotoRetried): void {
  if (retried.sent) notifySuccess(retried.message);
  else if (retried.failure) notifyError(retried.message);
  else notifyWarning(retried.message);
}

/**
 * The retry of a row's photo. Whatever its outcome the list is read again: a photo sent leaves it, one that
 * failed again shows its new count, error and next attempt (a refusal, such as a central server out of
 * reach, already showed its notice).
 */
export function useRetryPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryPhoto,
    onSuccess: announceRetry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: photoFailuresKey }),
  });
}
