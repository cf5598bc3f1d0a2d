// Members' photos. They need the bearer token, so they are fetched as blobs and shown through object URLs,
// cached by react-query under the member and the photo's version (a new photo is a new key, an old one is
// never asked again). An object URL holds its image in memory until revoked: it is revoked when its query
// leaves the cache or its data is replaced.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchBlob } from '../../shared/api/client';
import type { Member } from './api';

export type PhotoSize = 'thumbnail' | 'full';

const PHOTO_KEY = 'memberPhoto';

/** The version in `photoFilePath` ("/api/member/get_member-photo/7?v=3" -> "3"); null without a photo. */
export function photoVersion(photoFilePath: string | null | undefined): string | null {
  if (!photoFilePath) return null;
  const query = photoFilePath.split('?')[1] ?? '';
  return new URLSearchParams(query).get('v') ?? '0';
}

export function photoUrl(memberId: number, version: string, size: PhotoSize): string {
  const thumbnail = size === 'thumbnail' ? 'thumbnail=true&' : '';
  return `/api/member/get_member-photo/${memberId}?${thumbnail}v=${encodeURIComponent(version)}`;
}

export function photoKey(memberId: number, version: string, size: PhotoSize) {
  return [PHOTO_KEY, memberId, version, size] as const;
}

const watched = new WeakSet<QueryClient>();

/** Revokes a photo's object URL once nothing can show it any more. Once per query client. */
export function revokeDroppedPhotos(queryClient: QueryClient): void {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  const urls = new Map<string, string>();
  queryClient.getQueryCache().subscribe((event) => {
    // The cache holds queries of every type: their keys are read as plain arrays.
    if ((event.query.queryKey as readonly unknown[])[0] !== PHOTO_KEY) return;
    const hash = event.query.queryHash;
    const previous = urls.get(hash);
    if (event.type === 'removed') {
      if (previous) URL.revokeObjectURL(previous);
      urls.delete(hash);
    } else if (event.type === 'updated' && event.action.type === 'success') {
      const current = event.query.state.data as string | undefined;
      if (previous && previous !== current) URL.revokeObjectURL(previous);
      if (current) urls.set(hash, current);
    }
  });
}

/** A member's record or list row: both carry where the photo is served, empty without a photo. */
type PhotoOwner = Pick<Member, 'member_id' | 'photoFilePath'>;

/** The object URL of a member's photo; undefined while it loads, on failure, or without a photo. */
export function useMemberPhoto(member: PhotoOwner | undefined, size: PhotoSize): string | undefined {
  const queryClient = useQueryClient();
  revokeDroppedPhotos(queryClient);
  const id = member?.member_id ?? null;
  const version = photoVersion(member?.photoFilePath);
  const photo = useQuery({
    queryKey: photoKey(id ?? 0, version ?? '', size),
    queryFn: async () => URL.createObjectURL(await fetchBlob(photoUrl(id!, version!, size))),
    // Only members that have a photo ask for one.
    enabled: id !== null && version !== null,
    // A version's content never changes.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return photo.data;
}
