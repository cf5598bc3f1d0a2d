// A level of the geography: a sortable, searchable virtual table read by pages of 2,000 rows as the user
// scrolls down (the server sorts, searches with accents ignored, and pages), its total below it; create and
// edit in a modal with the parent picked level by level, delete after confirmation (the server refuses
// while children remain, and its message shows in the shared red notice).
// A level under another can be filtered by its direct parent. Viewers only read; agents do not delete (their
// buttons show disabled, saying who may); on a field laptop nobody changes it (it comes from the central).
import { Table, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { useWrite } from '../../shared/api/useWrite';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import RemoteSelect from '../../shared/form/RemoteSelect';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { actionsColumn } from '../../shared/list/actionsColumn';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import { useLevelList } from './api';
import LevelFormModal, { type LevelFormTarget } from './LevelFormModal';
import { directParent, type GeographyListParams, type Level, type Row } from './levels';

export default function GeographyListPage({ level }: { level: Level }) {
  const list = useServerList<Row, string, GeographyListParams>(
    {
      // Pages read as the user scrolls: the page number stays 1, the page size is that of every page.
      page: 1,
      pageSize: DEFAULT_LIST_LIMIT,
      orderBy: level.sortable[0],
      descending: false,
      filter: '',
      parentId: null,
    },
    level.sortable,
    FILTER_PARAM,
  );
  const remove = useWrite([['geography']], level.remove);
  const writeRight = useCentralRight('geography', 'write');
  const deleteRight = useCentralRight('geography', 'delete');
  const parent = directParent(level);
  const [target, setTarget] = useState<LevelFormTarget | null>(null);
  const closeForm = useCallback(() => setTarget(null), []);
  const tableRef = useScrollRegion(level.texts.tableLabel);
  const loaded = useLevelList(level, list.params, tableRef);
  const height = useTableHeight(330);
  const t = fr.geography;

  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<Row>['columns']> = [];
  if (level.codeField) columns.push({ title: t.fields.code, width: 140, ...list.sortable(level.codeField) });
  columns.push({ title: t.fields.name, width: 260, ellipsis: true, ...list.sortable(level.nameField) });
  for (const column of level.parentColumns) {
    columns.push({ title: column.title, width: 220, ellipsis: true, ...list.sortable(column.field) });
  }
  // A role that may not change a row sees the buttons disabled, with who may.
  columns.push(
    actionsColumn<Row>((row) => {
      const id = row[level.idField] as number;
      return {
        name: String(row[level.codeField ?? level.nameField]),
        confirm: level.texts.confirmDelete,
        onEdit: () => setTarget({ kind: 'edit', id, name: String(row[level.nameField]) }),
        onDelete: () => remove.mutateAsync(id),
        editRight: writeRight,
        deleteRight: deleteRight,
      };
    }),
  );

  return (
    <>
      <ListToolbar
        searchLabel={level.texts.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={level.texts.add}
        onAdd={() => setTarget({ kind: 'create' })}
        addRight={writeRight}
      >
        {parent && (
          <RemoteSelect
            queryKey={['geography', level.key, 'filter']}
            load={(search) => parent.options(search, null)}
            lazy
            value={list.params.parentId}
            onChange={(parentId) => list.setFilters({ parentId })}
            placeholder={parent.label}
            aria-label={parent.label}
            style={{ width: 280 }}
          />
        )}
      </ListToolbar>
      <Table<Row>
        ref={tableRef}
        virtual
        rowKey={level.idField}
        columns={columns}
        dataSource={loaded.rows}
        loading={loaded.loading}
        onChange={list.onChange}
        onScroll={loaded.onScroll}
        pagination={false}
        footer={() => <KeysetFooter total={level.texts.total(loaded.total)} loadingMore={loaded.loadingMore} />}
        scroll={{ x: tableWidth(columns), y: height }}
      />
      {target && <LevelFormModal level={level} target={target} onClose={closeForm} />}
    </>
  );
}
