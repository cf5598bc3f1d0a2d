// The users of the application (admin only): a sortable, paged, searchable table; create and edit in a
// modal; delete after confirmation. Sorting, paging and search are done by the server.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm, Space, Table, Tag, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { roleLabel } from '../../shared/roles';
import { useDeleteUser, useUserList, type User, type UserListParams, type UserSortField } from './api';
import UserFormModal, { type UserFormTarget } from './UserFormModal';

const SORTABLE: readonly string[] = [
  'login_id',
  'login_name',
  'login_role',
  'login_lastConnection',
] satisfies UserSortField[];
const PAGE_SIZES = [10, 20, 50, 100];

export default function UserListPage() {
  const [params, setParams] = useState<UserListParams>({
    page: 1,
    pageSize: 20,
    orderBy: 'login_name',
    descending: false,
    filter: '',
  });
  const [target, setTarget] = useState<UserFormTarget | null>(null);
  const list = useUserList(params);
  const remove = useDeleteUser();
  const closeForm = useCallback(() => setTarget(null), []);

  const sortOrder = (field: UserSortField) =>
    params.orderBy === field ? (params.descending ? ('descend' as const) : ('ascend' as const)) : null;

  const onChange: TableProps<User>['onChange'] = (pagination, _filters, sorter) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field =
      typeof sort?.field === 'string' && SORTABLE.includes(sort.field) && sort.order
        ? (sort.field as UserSortField)
        : 'login_name';
    setParams((current) => ({
      ...current,
      page: pagination.pageSize !== current.pageSize ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? current.pageSize,
      orderBy: field,
      descending: sort?.order ? sort.order === 'descend' : false,
    }));
  };

  const columns: TableProps<User>['columns'] = [
    {
      title: fr.users.fields.login_id,
      dataIndex: 'login_id',
      width: 90,
      sorter: true,
      sortOrder: sortOrder('login_id'),
    },
    { title: fr.users.fields.login_name, dataIndex: 'login_name', sorter: true, sortOrder: sortOrder('login_name') },
    {
      title: fr.users.fields.login_role,
      dataIndex: 'login_role',
      sorter: true,
      sortOrder: sortOrder('login_role'),
      render: (role: string) => <Tag color={role === 'admin' ? 'green' : undefined}>{roleLabel(role)}</Tag>,
    },
    {
      title: fr.users.fields.login_provider,
      dataIndex: 'login_provider',
      render: (provider?: string | null) => provider ?? '',
    },
    {
      title: fr.users.fields.login_lastConnection,
      dataIndex: 'login_lastConnection',
      sorter: true,
      sortOrder: sortOrder('login_lastConnection'),
      render: (value?: string | null) => (value ? formatDateTime(value) : fr.users.never),
    },
    {
      title: fr.users.actions,
      key: 'actions',
      width: 240,
      render: (_: unknown, user: User) => (
        <Space>
          <Button
            icon={<EditOutlined />}
            aria-label={`${fr.users.edit} ${user.login_name}`}
            onClick={() => setTarget({ kind: 'edit', id: user.login_id, name: user.login_name })}
          >
            {fr.users.edit}
          </Button>
          <Popconfirm
            title={fr.users.confirmDelete}
            okText={fr.users.delete}
            cancelText={fr.users.cancel}
            okButtonProps={{ danger: true }}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
            onConfirm={() => remove.mutateAsync(user.login_id).catch(() => undefined)}
          >
            <Button danger icon={<DeleteOutlined />} aria-label={`${fr.users.delete} ${user.login_name}`}>
              {fr.users.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
        <Input.Search
          allowClear
          placeholder={fr.users.search}
          aria-label={fr.users.search}
          style={{ maxWidth: 360 }}
          onSearch={(filter) => setParams((current) => ({ ...current, filter: filter.trim(), page: 1 }))}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ kind: 'create' })}>
          {fr.users.add}
        </Button>
      </div>
      <Table<User>
        rowKey="login_id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        onChange={onChange}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => fr.users.total(total),
        }}
        scroll={{ x: 900 }}
      />
      {target && <UserFormModal target={target} onClose={closeForm} />}
    </>
  );
}
