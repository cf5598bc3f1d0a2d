// The cooperatives: a sortable, searchable virtual table read by pages of 2,000 rows as the user scrolls
// down (the server sorts, searches and pages); create and edit in a modal; delete after confirmation
// (refused while members belong to it). Read-only for viewers.
import { Table, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { useRight } from '../../app/useRight';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import { formatCount, formatTotal } from '../../shared/format/count';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { actionsColumn } from '../../shared/list/actionsColumn';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import { placeLabel } from '../members/place';
import {
  COOPERATIVE_SORTABLE,
  useCooperativeList,
  useDeleteCooperative,
  type Cooperative,
  type CooperativeListParams,
  type CooperativeSortField,
} from './api';
import CooperativeFormModal, { type CooperativeFormTarget } from './CooperativeFormModal';

const text = fr.cooperatives;

export default function CooperativeListPage() {
  const list = useServerList<Cooperative, CooperativeSortField, CooperativeListParams>(
    // Pages read as the user scrolls: the page number stays 1, the page size is that of every page.
    { page: 1, pageSize: DEFAULT_LIST_LIMIT, orderBy: 'cooperative_name', descending: false, filter: '' },
    COOPERATIVE_SORTABLE,
    FILTER_PARAM,
  );
  const remove = useDeleteCooperative();
  const writeRight = useRight('members', 'write');
  const deleteRight = useRight('members', 'delete');
  const [target, setTarget] = useState<CooperativeFormTarget | null>(null);
  const closeForm = useCallback(() => setTarget(null), []);
  const tableRef = useScrollRegion(text.tableLabel);
  const cooperatives = useCooperativeList(list.params, tableRef);
  const height = useTableHeight(330);
  const totalText = text.total(formatTotal(cooperatives.total, cooperatives.totalExact), cooperatives.total);

  const { sortable } = list;
  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<Cooperative>['columns']> = [
    { title: text.fields.cooperative_code, width: 140, ...sortable('cooperative_code') },
    { title: text.fields.cooperative_name, width: 260, ellipsis: true, ...sortable('cooperative_name') },
    {
      title: text.fields.cooperative_localityId,
      key: 'place',
      width: 240,
      ellipsis: true,
      render: (_: unknown, row: Cooperative) => placeLabel(row),
    },
    { title: text.fields.cooperative_contact, dataIndex: 'cooperative_contact', width: 200, ellipsis: true },
    {
      title: text.fields.cooperative_memberCount,
      width: 130,
      align: 'right',
      ...sortable('cooperative_memberCount'),
      render: (count: number) => formatCount(count),
    },
  ];
  // A role that may not change a row sees the buttons disabled, with who may.
  columns.push(
    actionsColumn<Cooperative>((row) => ({
      name: row.cooperative_code,
      confirm: text.confirmDelete,
      onEdit: () => setTarget({ kind: 'edit', id: row.cooperative_id!, code: row.cooperative_code }),
      onDelete: () => remove.mutateAsync(row.cooperative_id!),
      editRight: writeRight,
      deleteRight,
    })),
  );

  return (
    <>
      <ListToolbar
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.add}
        onAdd={() => setTarget({ kind: 'create' })}
        addRight={writeRight}
      />
      <Table<Cooperative>
        ref={tableRef}
        virtual
        rowKey="cooperative_id"
        columns={columns}
        dataSource={cooperatives.rows}
        loading={cooperatives.loading}
        onChange={list.onChange}
        onScroll={cooperatives.onScroll}
        pagination={false}
        footer={() => <KeysetFooter total={totalText} loadingMore={cooperatives.loadingMore} />}
        scroll={{ x: tableWidth(columns), y: height }}
      />
      {target && <CooperativeFormModal target={target} onClose={closeForm} />}
    </>
  );
}
