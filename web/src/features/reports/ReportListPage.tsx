// The report templates (cards, delivery slips, member sheets, list exports): a paged list sorted and
// searched by the server, filtered on the type (kept in the address, ?type=, as the search is, ?filter=);
// a new template, then each one opened in the designer (loaded only then: it is large), copied under a
// new name, made its type's default, or deleted after confirmation. Read-only for agents and viewers: the
// buttons show disabled, saying who may.
import { CopyOutlined, DeleteOutlined, EditOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Select, Space, Spin, Table, Tag, Tooltip, type TableProps } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRight } from '../../app/useRight';
import { formatCount } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { useServerList } from '../../shared/list/useServerList';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import {
  defaultBody,
  REPORT_DEFAULTS,
  REPORT_SORTABLE,
  useDeleteReport,
  useReportList,
  useSaveReport,
  type Report,
  type ReportListParams,
  type ReportSortField,
} from './api';
import CopyModal from './CopyModal';
import { reportsText } from './fr';
import ReportFormModal from './ReportFormModal';
import { isReportType, typeLabel, typeOptions, type ReportType } from './template';

// The designer and @pdfme come in a chunk of their own, fetched when a template is opened.
const ReportDesigner = lazy(() => import('./ReportDesigner'));

const PAGE_SIZES = [20, 50, 100];
const TYPE_PARAM = 'type';
const text = reportsText;

export default function ReportListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const list = useServerList<Report, ReportSortField, ReportListParams>(
    { ...REPORT_DEFAULTS, type: typeOf(searchParams.get(TYPE_PARAM)) },
    REPORT_SORTABLE,
    FILTER_PARAM,
  );
  function chooseType(type: ReportType | undefined) {
    list.setFilters({ type });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (type) next.set(TYPE_PARAM, type);
        else next.delete(TYPE_PARAM);
        return next;
      },
      { replace: true },
    );
  }
  const answer = useReportList(list.params);
  const total = answer.data?.total ?? 0;
  const writeRight = useRight('reports', 'write');
  const deleteRight = useRight('reports', 'delete');
  const save = useSaveReport();
  const remove = useDeleteReport();
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<Report | null>(null);
  const [designing, setDesigning] = useState<number | null>(null);
  const closeCreate = useCallback(() => setCreating(false), []);
  const closeCopy = useCallback(() => setCopying(null), []);
  const closeDesigner = useCallback(() => setDesigning(null), []);
  const { sortable } = list;

  const columns: NonNullable<TableProps<Report>['columns']> = [
    {
      title: text.fields.report_name,
      ...sortable('report_name'),
      render: (name: string, row: Report) => (
        <Space size={8} wrap>
          <span>{name}</span>
          {row.report_isDefault && <Tag color="green">{text.isDefault}</Tag>}
        </Space>
      ),
    },
    {
      title: text.fields.report_type,
      width: 150,
      ...sortable('report_type'),
      render: (type: string) => typeLabel(type),
    },
    { title: text.fields.report_description, dataIndex: 'report_description', ellipsis: true },
    {
      title: text.fields.report_version,
      dataIndex: 'report_version',
      width: 100,
      align: 'right',
      render: (version: number) => text.version(version),
    },
    {
      title: text.fields.report_updatedAt,
      width: 160,
      ...sortable('report_updatedAt'),
      render: (value: string) => formatDateTime(value),
    },
    {
      title: fr.records.actions,
      key: 'actions',
      // Two buttons a line: the name and the description keep their room on a laptop's screen.
      width: 330,
      render: (_: unknown, row: Report) => (
        <Space wrap>
          <Permitted right={writeRight}>
            <Button
              icon={<EditOutlined />}
              aria-label={text.designLabel(row.report_name)}
              onClick={() => setDesigning(row.report_id)}
            >
              {text.design}
            </Button>
          </Permitted>
          <Permitted right={writeRight}>
            <Button
              icon={<CopyOutlined />}
              aria-label={text.copyLabel(row.report_name)}
              onClick={() => setCopying(row)}
            >
              {text.copy}
            </Button>
          </Permitted>
          {writeRight.allowed && row.report_isDefault ? (
            <Tooltip title={text.alreadyDefault}>
              <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
                <Button
                  icon={<StarOutlined />}
                  aria-label={text.makeDefaultLabel(row.report_name)}
                  disabled
                  style={{ pointerEvents: 'none' }}
                >
                  {text.makeDefault}
                </Button>
              </span>
            </Tooltip>
          ) : (
            <Permitted right={writeRight}>
              <Button
                icon={<StarOutlined />}
                aria-label={text.makeDefaultLabel(row.report_name)}
                onClick={() => void save.mutateAsync(defaultBody(row)).catch(() => undefined)}
              >
                {text.makeDefault}
              </Button>
            </Permitted>
          )}
          {deleteRight.allowed ? (
            <Popconfirm
              title={text.confirmDelete}
              okText={fr.records.delete}
              cancelText={fr.records.cancel}
              okButtonProps={{ danger: true }}
              // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
              onConfirm={() => remove.mutateAsync(row.report_id!).catch(() => undefined)}
            >
              <Button danger icon={<DeleteOutlined />} aria-label={`${fr.records.delete} ${row.report_name}`}>
                {fr.records.delete}
              </Button>
            </Popconfirm>
          ) : (
            <Permitted right={deleteRight}>
              <Button danger icon={<DeleteOutlined />} aria-label={`${fr.records.delete} ${row.report_name}`}>
                {fr.records.delete}
              </Button>
            </Permitted>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListToolbar
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.add}
        onAdd={() => setCreating(true)}
        addRight={writeRight}
      >
        <Select<ReportType>
          allowClear
          aria-label={text.filterType}
          placeholder={text.allTypes}
          style={{ width: 240 }}
          options={typeOptions()}
          value={list.params.type}
          onChange={(type) => chooseType(type)}
        />
      </ListToolbar>
      <Table<Report>
        rowKey="report_id"
        aria-label={text.tableLabel}
        columns={columns}
        dataSource={answer.data?.data ?? []}
        loading={answer.isFetching && !answer.data}
        onChange={list.onChange}
        // Narrower than its columns, the table scrolls rather than squeezing the name to a letter.
        scroll={{ x: 1000 }}
        pagination={list.pagination(total, () => text.total(formatCount(total), total), PAGE_SIZES)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text.none} /> }}
      />
      {creating && <ReportFormModal initialType={list.params.type} onCreated={setDesigning} onClose={closeCreate} />}
      {copying && <CopyModal source={copying} onClose={closeCopy} />}
      {designing !== null && (
        <Suspense fallback={<Spin fullscreen description={text.designer.loading} />}>
          <ReportDesigner reportId={designing} onClose={closeDesigner} />
        </Suspense>
      )}
    </>
  );
}

/** The type read from the address, if it is one. */
function typeOf(value: string | null): ReportType | undefined {
  return isReportType(value) ? value : undefined;
}
