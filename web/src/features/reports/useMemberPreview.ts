// The preview with a real member: the member's record read (the members' own query), for a card the
// member's own card when it has one in use (`memberCurrentCard`: its number, dates and QR code), the photo
// read as a data URL when the template prints it (the generator draws an image from a data URL, not from
// an address: the card's, the thumbnail of the version it was made with, or the member's current one),
// all made into the fields the template binds (`memberPreviewData`). A photo or a card that cannot be read
// does not stop the preview: it is made without it, and says so.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchBlob } from '../../shared/api/client';
import { memberCurrentCard } from '../cards/cardApi';
import { useMember } from '../members/api';
import { memberLabel } from '../members/family';
import { photoUrl, photoVersion } from '../members/photoCache';
import { bindsField, memberPreviewData, photoField, type ReportTemplate } from './template';

export type MemberPreview =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed'; why: string }
  | {
      state: 'ready';
      data: Record<string, string>;
      label: string;
      /** The number of the member's card that fills a card's preview; `null` when none does. */
      card: string | null;
      /** The member's cards could not be read: the preview is made from the record. */
      cardFailed: boolean;
      photoFailed: boolean;
    };

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
  const ownCard = useQuery({
    queryKey: ['cards', 'previewOf', memberId],
    queryFn: () => memberCurrentCard(memberId!),
    enabled: memberId !== null && type === 'card',
    staleTime: 0,
    retry: false,
  });
  const card = type === 'card' ? (ownCard.data ?? null) : null;
  const field = photoField(type);
  // A card prints the thumbnail of the photo it was made with.
  const version = photoVersion(card ? card.card_photoFilePath : record?.photoFilePath);
  const size = card ? 'thumbnail' : 'full';
  const wantsPhoto = record !== undefined && version !== null && field !== null && bindsField(template, field);
  const photo = useQuery({
    queryKey: ['memberPhotoData', memberId, version, size],
    queryFn: async () => dataUrl(await fetchBlob(photoUrl(memberId!, version!, size))),
    enabled: wantsPhoto,
    // A version's content never changes.
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

  const photoData = wantsPhoto ? photo.data : undefined;
  const data = useMemo(
    () => (record ? memberPreviewData(type, record, photoData ?? '', card) : null),
    [record, type, photoData, card],
  );

  if (memberId === null) return { state: 'none' };
  if (member.isError) return { state: 'failed', why: member.error.message };
  const cardPending = type === 'card' && ownCard.isPending;
  if (!record || !data || cardPending || (wantsPhoto && photo.isPending)) return { state: 'loading' };
  return {
    state: 'ready',
    data,
    label: memberLabel(record),
    card: card ? card.card_idNumber : null,
    cardFailed: ownCard.isError,
    photoFailed: wantsPhoto && photo.isError,
  };
}
