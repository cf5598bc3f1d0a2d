// The members: up to 2,000 rows a page in a virtual table (only the rows in view are drawn, and only
// they fetch their photo), paged, sorted and searched by the server; the total is approximate beyond
// what the server counts exactly. A row opens the member in a drawer.
import { Input, Table } from 'antd';
import { useCallback, useState } from 'react';
import { MEMBERS_WRITE } from '../../app/access';
import { useCanAccess } from '../../app/useCanAccess';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import { formatTotal } from '../../shared/format/count';
import ListToolbar from '../../shared/list/ListToolbar';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import { MEMBER_SORTABLE, useMemberList, type Member, type MemberListParams, type MemberSortField } from './api';
import MemberDrawer, { type MemberTarget } from './MemberDrawer';
import { MEMBER_TABLE_WIDTH, memberColumns } from './memberColumns';

const PAGE_SIZES = [100, 500, 1000, DEFAULT_LIST_LIMIT];
const text = fr.members;

/** The table's height in the window as the page opens: the virtual table scrolls inside it. */
const tableHeight = () => Math.max(320, window.innerHeight - 330);

type ExtraFilter = 'filter_firstname' | 'filter_idNumber' | 'createdBy';

export default function MemberListPage() {
  const list = useServerList<Member, MemberSortField, MemberListParams>(
    {
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      // The latest members first.
      orderBy: 'member_id',
      descending: true,
      filter: '',
      filter_firstname: '',
      filter_idNumber: '',
      createdBy: '',
    },
    MEMBER_SORTABLE,
  );
  const answer = useMemberList(list.params);
  const canWrite = useCanAccess(MEMBERS_WRITE);
  const [height] = useState(tableHeight);
  const [target, setTarget] = useState<MemberTarget | null>(null);
  const closeDrawer = useCallback(() => setTarget(null), []);
  const tableRef = useScrollRegion(text.tableLabel);
  const total = answer.data?.total ?? 0;
  const totalText = text.total(formatTotal(total, answer.data?.totalExact ?? true), total);

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
        onAdd={canWrite ? () => setTarget({ kind: 'create' }) : undefined}
      >
        {extraFilter('filter_firstname', text.filters.firstname, 170)}
        {extraFilter('filter_idNumber', text.filters.idNumber, 170)}
        {extraFilter('createdBy', text.filters.createdBy, 170)}
      </ListToolbar>
      <Table<Member>
        ref={tableRef}
        virtual
        size="small"
        rowKey="member_id"
        columns={memberColumns(list.sortable)}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching}
        onChange={list.onChange}
        pagination={list.pagination(total, () => totalText, PAGE_SIZES)}
        scroll={{ x: MEMBER_TABLE_WIDTH, y: height }}
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
      {target && <MemberDrawer target={target} onClose={closeDrawer} />}
    </>
  );
}
