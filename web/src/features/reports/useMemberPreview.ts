// The preview with a real member: the member's record read (the members' own query), its photo read as a
// data URL when the template prints it (the generator draws an image from a data URL, not from an address),
// and both made into the fields the template binds (`memberPreviewData`). A photo that cannot be read does
// not stop the preview: it is made without it, and says so.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchBlob } from '../../shared/api/client';
import { useMember } from '../members/api';
import { memberLabel } from '../members/family';
import { photoUrl, photoVersion } from '../members/photoCache';
import { bindsField, memberPreviewData, photoField, type ReportTemplate } from './template';

export type MemberPreview =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed'; why: string }
  | { state: 'ready'; data: Record<string, string>; label: string; photoFailed: boolean };

/** A blob as a `data:` URL. */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('FileReader'));
    reader.readAsDataURL(blob);
  });
}

/** Member `memberId` (`null`: none chosen) as the fields of a template of `type`. */
export function useMemberPreview(memberId: number | null, type: string, template: ReportTemplate): MemberPreview {
  const member = useMember(memberId);
  const record = memberId === null ? undefined : member.data;
  const field = photoField(type);
  const version = photoVersion(record?.photoFilePath);
  const wantsPhoto = record !== undefined && version !== null && field !== null && bindsField(template, field);
  const photo = useQuery({
    queryKey: ['memberPhotoData', memberId, version],
    queryFn: async () => dataUrl(await fetchBlob(photoUrl(memberId!, version!, 'full'))),
    enabled: wantsPhoto,
    // A version's content never changes.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

  const photoData = wantsPhoto ? photo.data : undefined;
  const data = useMemo(
    () => (record ? memberPreviewData(type, record, photoData ?? '') : null),
    [record, type, photoData],
  );

  if (memberId === null) return { state: 'none' };
  if (member.isError) return { state: 'failed', why: member.error.message };
  if (!record || !data || (wantsPhoto && photo.isPending)) return { state: 'loading' };
  return { state: 'ready', data, label: memberLabel(record), photoFailed: wantsPhoto && photo.isError };
}
