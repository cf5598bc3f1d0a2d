import { useEffect, useState } from 'react';

/** An object URL for `blob` while the component shows it, revoked after. */
export function useObjectUrl(blob: Blob | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const next = blob ? URL.createObjectURL(blob) : undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is made and revoked with the effect; the state only hands it to the render
    setUrl(next);
    return () => {
      if (next) URL.revokeObjectURL(next);
    };
  }, [blob]);
  return url;
}
