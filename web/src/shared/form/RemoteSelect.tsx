// A select whose options the server searches (`filter`), for lists too long to load whole: the members,
// the cooperatives, the levels of the geography. `known` names the current value before its option loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useDebounced } from '../hooks/useDebounced';
import { fr } from '../locale/fr';

export interface Option {
  value: number;
  label: string;
}

interface Props {
  /** The query's key; the search text is added to it. */
  queryKey: readonly unknown[];
  load: (search: string) => Promise<Option[]>;
  value?: number | null;
  onChange?: (value: number | null, option?: Option) => void;
  known?: Option | null;
  /** Asks the server only once the list is opened (a form that may never need it). */
  lazy?: boolean;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  style?: CSSProperties;
}

export default function RemoteSelect({
  queryKey,
  load,
  value,
  onChange,
  known,
  lazy = false,
  disabled,
  placeholder,
  style,
  ...rest
}: Props) {
  const [search, setSearch] = useState('');
  const [wanted, setWanted] = useState(!lazy);
  const settled = useDebounced(search.trim());
  const list = useQuery({
    queryKey: [...queryKey, settled],
    queryFn: () => load(settled),
    enabled: !disabled && wanted,
    placeholderData: keepPreviousData,
  });
  const loaded = list.data ?? [];
  const options = known && !loaded.some((option) => option.value === known.value) ? [known, ...loaded] : loaded;

  return (
    <Select<number | null, Option>
      value={value ?? null}
      onChange={(next, option) => onChange?.(next ?? null, Array.isArray(option) ? undefined : option)}
      options={options}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={rest['aria-label']}
      style={style}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (open) setWanted(true);
        else setSearch('');
      }}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? <Spin size="small" /> : fr.records.noResult}
    />
  );
}
