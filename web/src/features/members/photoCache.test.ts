import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoKey, photoUrl, photoVersion, revokeDroppedPhotos } from './photoCache';

describe('member photos', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the photo's version from photoFilePath", () => {
    expect(photoVersion('/api/member/get_member-photo/7?v=3')).toBe('3');
    expect(photoVersion('/api/member/get_member-photo/7')).toBe('0');
    expect(photoVersion('')).toBeNull();
  });

  it('asks for the thumbnail or the full photo, with the version', () => {
    expect(photoUrl(7, '3', 'thumbnail')).toBe('/api/member/get_member-photo/7?thumbnail=true&v=3');
    expect(photoUrl(7, '3', 'full')).toBe('/api/member/get_member-photo/7?v=3');
  });

  it('revokes an object URL when its photo leaves the cache or is replaced', () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const client = new QueryClient();
    revokeDroppedPhotos(client);
    revokeDroppedPhotos(client); // once per client: a second call adds nothing

    client.setQueryData(photoKey(7, '3', 'thumbnail'), 'blob:one');
    client.setQueryData(photoKey(8, '1', 'thumbnail'), 'blob:two');
    client.setQueryData(['members', 'list'], 'not a photo');
    expect(revoke).not.toHaveBeenCalled();

    client.setQueryData(photoKey(7, '3', 'thumbnail'), 'blob:three');
    expect(revoke).toHaveBeenCalledWith('blob:one');

    client.removeQueries({ queryKey: photoKey(8, '1', 'thumbnail') });
    expect(revoke).toHaveBeenCalledWith('blob:two');

    client.clear();
    expect(revoke).toHaveBeenCalledWith('blob:three');
    expect(revoke).toHaveBeenCalledTimes(3);
  });
});
