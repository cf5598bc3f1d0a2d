// The members in a virtual table (only the rows in view are drawn, and only they fetch their photo), read
// by keyset pages of 2,000 rows as the user scrolls down, sorted and searched by the server; the total is
// approximate beyond what the server counts exactly. A row opens the member in a drawer. Opened from a home
// figure (`?createdFrom=AAAA-MM-JJ`), the list keeps the members registered from that day, said by a tag
// whose cross shows everyone again.
import { Input, Table } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRight } from '../../app/useRight';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import ExportButton from '../../shared/export/ExportButton';
import { exportQuery } from '../../shared/export/lists';
import { formatTotal } from '../../shared/format/count';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { useTableHeight } from '../../shared/list/tableSize';
import { useColumnChooser } from '../../shared/list/useColumnChooser';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { formatDate } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { HOME_PARAMS, parseDay } from '../home/homeLinks';
import UrlFilterTag from '../../shared/list/UrlFilterTag';
import { useUrlFilter } from '../../shared/list/useUrlFilter';
import {
  MEMBER_SORTABLE,
  memberListFilters,
  useMemberList,
  type MemberListParams,
  type MemberRow,
  type MemberSortField,
} from './api';
import MemberDrawer, { type MemberTarget } from './MemberDrawer';
import { MEMBER_DROP_ORDER, MEMBER_LOCKED, memberColumns } from './memberColumns';

const text = fr.members;

type ExtraFilter = 'filter_firstname' | 'filter_idNumber' | 'createdBy';

export default function MemberListPage() {
  const [searchParams] = useSearchParams();
  const list = useServerList<MemberRow, MemberSortField, MemberListParams>(
    {
      // Keyset pages: the page number stays 1, the page size is that of every page asked for.
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      // The latest members first.
      orderBy: 'member_id',
      descending: true,
      filter: '',
      filter_firstname: '',
      filter_idNumber: '',
      createdBy: '',
      createdFrom: parseDay(searchParams.get(HOME_PARAMS.createdFrom)),
    },
    MEMBER_SORTABLE,
    FILTER_PARAM,
  );
  const createdFrom = useUrlFilter(HOME_PARAMS.createdFrom, parseDay, (day) => list.setFilters({ createdFrom: day }));
  const tableRef = useScrollRegion(text.tableLabel);
  const members = useMemberList(list.params, tableRef);
  const writeRight = useRight('members', 'write');
  // The filter's tag, when shown, takes its line above the table.
  const height = useTableHeight(list.params.createdFrom ? 376 : 330);
  const [target, setTarget] = useState<MemberTarget | null>(null);
  const closeDrawer = useCallback(() => setTarget(null), []);
  const {
    wrapper,
    columns: shownColumns,
    width: shownWidth,
    chooser,
  } = useColumnChooser<MemberRow>({
    storageKey: 'members',
    columns: memberColumns(list.sortable),
    dropOrder: MEMBER_DROP_ORDER,
    locked: MEMBER_LOCKED,
  });
  const totalText = text.total(formatTotal(members.total, members.totalExact), members.total);

  const extraFilter = (field: ExtraFilter, label: string, width: number) => (
    <Input.Search
      allowClear
      placeholder={label}
      aria-label={label}
      style={{ width }}
      onSearch={(value) => list.setFilters({ [field]: value.trim() })}
    />
  );

  return (
    <>
      <ListToolbar
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.add}
        onAdd={() => setTarget({ kind: 'create' })}
        addRight={writeRight}
      >
        {extraFilter('filter_firstname', text.filters.firstname, 170)}
        {extraFilter('filter_idNumber', text.filters.idNumber, 170)}
        {extraFilter('createdBy', text.filters.createdBy, 170)}
        {chooser}
        <ExportButton
          list="member"
          filters={exportQuery(list.params, memberListFilters(list.params))}
          empty={members.total === 0}
        />
      </ListToolbar>
      <UrlFilterTag
        label={list.params.createdFrom ? fr.urlFilters.createdFrom(formatDate(list.params.createdFrom)) : ''}
        onRemove={createdFrom.clear}
      />
      <div ref={wrapper}>
        <Table<MemberRow>
          ref={tableRef}
          virtual
          size="small"
          rowKey="member_id"
          columns={shownColumns}
          dataSource={members.rows}
          loading={members.loading}
          onChange={list.onChange}
          onScroll={members.onScroll}
          pagination={false}
          footer={() => <KeysetFooter total={totalText} loadingMore={members.loadingMore} />}
          scroll={{ x: shownWidth, y: height }}
          onRow={(member) => {
            const open = () => setTarget({ kind: 'edit', id: member.member_id! });
            // A row opens with a click, or with Enter once reached with Tab.
            return {
              onClick: open,
              onKeyDown: (event) => event.key === 'Enter' && open(),
              tabIndex: 0,
              style: { cursor: 'pointer' },
            };
          }}
        />
      </div>
      {target && <MemberDrawer target={target} onClose={closeDrawer} />}
    </>
  );
}
