// The parcels: a sortable, searchable virtual table filtered by crop and by member, read by pages of 2,000
// rows as the user scrolls down (the server does all of it), the total approximate beyond what the server
// counts exactly; create and edit in a modal; delete after confirmation. Read-only for viewers.
import { Table, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { useRight } from '../../app/useRight';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import { formatTotal } from '../../shared/format/count';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { actionsColumn } from '../../shared/list/actionsColumn';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import SuggestInput from '../../shared/form/SuggestInput';
import { fr } from '../../shared/locale/fr';
import MemberSelect from '../members/MemberSelect';
import { placeLabel } from '../members/place';
import {
  PARCEL_SORTABLE,
  useDeleteParcel,
  useParcelList,
  type Parcel,
  type ParcelListParams,
  type ParcelSortField,
} from './api';
import { formatArea, formatPoint } from './format';
import ParcelFormModal, { type ParcelFormTarget } from './ParcelFormModal';

const text = fr.parcels;

export default function ParcelListPage() {
  const list = useServerList<Parcel, ParcelSortField, ParcelListParams>(
    {
      // Pages read as the user scrolls: the page number stays 1, the page size is that of every page.
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      orderBy: 'parcel_code',
      descending: false,
      filter: '',
      crop: '',
      memberId: null,
    },
    PARCEL_SORTABLE,
    FILTER_PARAM,
  );
  const remove = useDeleteParcel();
  const writeRight = useRight('members', 'write');
  const deleteRight = useRight('members', 'delete');
  const [target, setTarget] = useState<ParcelFormTarget | null>(null);
  const [crop, setCrop] = useState('');
  const closeForm = useCallback(() => setTarget(null), []);
  const tableRef = useScrollRegion(text.tableLabel);
  const parcels = useParcelList(list.params, tableRef);
  const height = useTableHeight(330);
  const totalText = text.total(formatTotal(parcels.total, parcels.totalExact), parcels.total);
  const { sortable } = list;

  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<Parcel>['columns']> = [
    { title: text.fields.parcel_code, width: 140, ...sortable('parcel_code') },
    {
      title: text.fields.parcel_memberId,
      width: 240,
      ellipsis: true,
      ...sortable('member_name'),
      render: (_: unknown, row: Parcel) =>
        row.member_idNumber ? `${row.member_name} (${row.member_idNumber})` : row.member_name,
    },
    {
      title: text.fields.parcel_localityId,
      key: 'place',
      width: 220,
      ellipsis: true,
      render: (_: unknown, row: Parcel) => placeLabel(row),
    },
    {
      title: text.fields.parcel_area,
      width: 130,
      align: 'right',
      ...sortable('parcel_area'),
      render: (area: number | null) => formatArea(area),
    },
    { title: text.fields.parcel_crop, width: 150, ...sortable('parcel_crop') },
    {
      title: text.fields.gps,
      key: 'gps',
      width: 180,
      render: (_: unknown, row: Parcel) => formatPoint(row.parcel_latitude, row.parcel_longitude),
    },
  ];
  // A role that may not change a row sees the buttons disabled, with who may.
  columns.push(
    actionsColumn<Parcel>((row) => ({
      name: row.parcel_code,
      confirm: text.confirmDelete,
      onEdit: () => setTarget({ kind: 'edit', id: row.parcel_id!, code: row.parcel_code }),
      onDelete: () => remove.mutateAsync(row.parcel_id!),
      editRight: writeRight,
      deleteRight,
    })),
  );

  // The crop filter applies once chosen in the list, or typed and confirmed with Enter.
  const applyCrop = (value: string) => list.setFilters({ crop: value.trim() });

  return (
    <>
      <ListToolbar
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.add}
        onAdd={() => setTarget({ kind: 'create' })}
        addRight={writeRight}
      >
        <SuggestInput
          suggestions={text.crops}
          value={crop}
          onChange={(value) => {
            setCrop(value ?? '');
            if (!value) applyCrop('');
          }}
          onSelect={applyCrop}
          onKeyDown={(event) => {
            if (event.key === 'Enter') applyCrop(crop);
          }}
          placeholder={text.filterCrop}
          aria-label={text.filterCrop}
          allowClear
          style={{ width: 200 }}
        />
        <MemberSelect
          value={list.params.memberId}
          onChange={(memberId) => list.setFilters({ memberId })}
          placeholder={text.filterMember}
          aria-label={text.filterMember}
          style={{ width: 280 }}
        />
      </ListToolbar>
      <Table<Parcel>
        ref={tableRef}
        virtual
        rowKey="parcel_id"
        columns={columns}
        dataSource={parcels.rows}
        loading={parcels.loading}
        onChange={list.onChange}
        onScroll={parcels.onScroll}
        pagination={false}
        footer={() => <KeysetFooter total={totalText} loadingMore={parcels.loadingMore} />}
        scroll={{ x: tableWidth(columns), y: height }}
      />
      {target && <ParcelFormModal target={target} onClose={closeForm} />}
    </>
  );
}
