// The journal of synchronisation runs: newest first, paged and sorted by the server, filtered on the type
// (send or receive) and the state; a row opens its detail with the message in full.
import { Empty, Select, Table } from 'antd';
import { useState } from 'react';
import { useSearchParamsUpdate } from '../../shared/hooks/useSearchParamsUpdate';
import { formatCount } from '../../shared/format/count';
import ListToolbar from '../../shared/list/ListToolbar';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import {
  JOURNAL_DEFAULTS,
  JOURNAL_SORTABLE,
  useJournalList,
  type JournalEntry,
  type JournalListParams,
  type JournalSortField,
} from './api';
import { journalColumns } from './columns';
import EntryDrawer from './EntryDrawer';
import { SYNC_DIRECTIONS, SYNC_STATES, stateOptions, typeOptions, type SyncDirection, type SyncState } from './labels';

const PAGE_SIZES = [20, 50, 100];
const text = fr.synchronization;

/** A filter read from the address, if it is one of `allowed`. */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((known) => known === value);
}

export default function JournalPage() {
  // The filters are kept in the address (?type=&state=), as the lists keep their search.
  const [searchParams, updateSearchParams] = useSearchParamsUpdate();
  const list = useServerList<JournalEntry, JournalSortField, JournalListParams>(
    {
      ...JOURNAL_DEFAULTS,
      type: oneOf(searchParams.get('type'), SYNC_DIRECTIONS),
      state: oneOf(searchParams.get('state'), SYNC_STATES),
    },
    JOURNAL_SORTABLE,
  );
  function choose(patch: { type?: SyncDirection; state?: SyncState }) {
    list.setFilters(patch);
    updateSearchParams((next) => {
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
    });
  }
  const answer = useJournalList(list.params);
  const [detail, setDetail] = useState<JournalEntry | null>(null);
  const total = answer.data?.total ?? 0;

  return (
    <>
      <ListToolbar>
        <Select<SyncDirection>
          allowClear
          aria-label={text.filterType}
          placeholder={text.allTypes}
          style={{ width: 200 }}
          options={typeOptions()}
          value={list.params.type}
          onChange={(type) => choose({ type })}
        />
        <Select<SyncState>
          allowClear
          aria-label={text.filterState}
          placeholder={text.allStates}
          style={{ width: 200 }}
          options={stateOptions()}
          value={list.params.state}
          onChange={(state) => choose({ state })}
        />
      </ListToolbar>
      <Table<JournalEntry>
        rowKey="synchronizationJournal_id"
        size="small"
        columns={journalColumns(setDetail, list.sortable)}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching && !answer.data}
        onChange={list.onChange}
        pagination={list.pagination(total, () => text.total(formatCount(total), total), PAGE_SIZES)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
      />
      {detail && <EntryDrawer entry={detail} onClose={() => setDetail(null)} />}
    </>
  );
}
