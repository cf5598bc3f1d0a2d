// Above a list: the free-text search, the list's own filters, and the "new" button (disabled, saying who
// may, for a role that may not write). The search starts 300 ms after the user stops typing, at once on
// Enter or when cleared, and is kept in the address (`?filter=`): a reload, or a return to the screen,
// shows the same search in the box and in the list (useServerList reads it back as the list starts).
import { PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParamsUpdate } from '../hooks/useSearchParamsUpdate';
import { ALLOWED, type Right } from '../../app/useRight';
import Permitted from '../rights/Permitted';

/** How long the search waits after the last key. */
export const SEARCH_DELAY_MS = 300;

/** The address's query parameter that keeps a list's search, unless the list names its own. */
export const FILTER_PARAM = 'filter';

interface Props {
  /** With `onSearch`: the free-text search box and its label; absent: no search (a list with filters only). */
  searchLabel?: string;
  onSearch?: (text: string) => void;
  /** The query parameter keeping the search (two lists of one screen keep theirs apart). */
  urlKey?: string;
  /** Extra filters, between the search and the button. */
  children?: ReactNode;
  /** The button's label, with `onAdd`. */
  addLabel?: string;
  /** Absent: no button. */
  onAdd?: () => void;
  /** Not allowed: the button shows disabled, its tooltip saying who may. */
  addRight?: Right;
}

export default function ListToolbar({
  searchLabel,
  onSearch,
  urlKey = FILTER_PARAM,
  children,
  addLabel,
  onAdd,
  addRight,
}: Props) {
  const [searchParams, updateSearchParams] = useSearchParamsUpdate();
  const fromUrl = searchParams.get(urlKey) ?? '';
  const [text, setText] = useState(fromUrl);
  // The search the list shows (the address's, at first: the list started from it).
  const searched = useRef(fromUrl);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The list's latest callback, for a search that fires after a render.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });

  function search(value: string) {
    clearTimeout(timer.current);
    const query = value.trim();
    if (query === searched.current) return;
    searched.current = query;
    latest.current?.(query);
    updateSearchParams((next) => {
      if (query) next.set(urlKey, query);
      else next.delete(urlKey);
    });
  }

  // The address changed otherwise (back, forward, a link): the box and the list follow it.
  useEffect(() => {
    if (fromUrl === searched.current) return;
    clearTimeout(timer.current);
    searched.current = fromUrl;
    setText(fromUrl);
    latest.current?.(fromUrl);
  }, [fromUrl]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', flex: 1, alignItems: 'center' }}>
        {onSearch && (
          <Input.Search
            allowClear
            placeholder={searchLabel}
            aria-label={searchLabel}
            style={{ width: 340 }}
            value={text}
            onChange={(event) => {
              const value = event.target.value;
              setText(value);
              clearTimeout(timer.current);
              // Cleared: the whole list at once; typed: once the user stops typing.
              if (value.trim() === '') search('');
              else timer.current = setTimeout(() => search(value), SEARCH_DELAY_MS);
            }}
            onSearch={search}
          />
        )}
        {children}
      </div>
      {onAdd && (
        <Permitted right={addRight ?? ALLOWED}>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Permitted>
      )}
    </div>
  );
}
