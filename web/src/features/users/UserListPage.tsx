// The users of the application (admin only): a sortable, searchable virtual table read by keyset pages of
// 2,000 rows as the user scrolls down; create and edit in a modal; delete after confirmation. Sorting,
// paging and search are done by the server.
import { Button, Popconfirm, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useCallback, useState } from 'react';
import { DEFAULT_LIST_LIMIT } from '../../shared/constants';
import { formatDateTime } from '../../shared/format/date';
import KeysetFooter from '../../shared/list/KeysetFooter';
import ListToolbar, { FILTER_PARAM } from '../../shared/list/ListToolbar';
import { actionsColumn } from '../../shared/list/actionsColumn';
import { useScrollRegion } from '../../shared/list/useScrollRegion';
import { useServerList } from '../../shared/list/useServerList';
import { tableWidth, useTableHeight } from '../../shared/list/tableSize';
import { fr } from '../../shared/locale/fr';
import { roleLabel } from '../../shared/roles';
import {
  USER_SORTABLE,
  useDeleteUser,
  useRenewSyncToken,
  useRevokeSyncToken,
  useUserList,
  type User,
  type UserListParams,
  type UserSortField,
} from './api';
import SyncTokenModal, { type ShownToken } from './SyncTokenModal';
import UserFormModal, { type UserFormTarget } from './UserFormModal';

const text = fr.users;

export default function UserListPage() {
  const list = useServerList<User, UserSortField, UserListParams>(
    // Keyset pages: the page number stays 1, the page size is that of every page.
    { page: 1, pageSize: DEFAULT_LIST_LIMIT, orderBy: 'login_name', descending: false, filter: '' },
    USER_SORTABLE,
    FILTER_PARAM,
  );
  const remove = useDeleteUser();
  const [target, setTarget] = useState<UserFormTarget | null>(null);
  const closeForm = useCallback(() => setTarget(null), []);
  const [shownToken, setShownToken] = useState<ShownToken | null>(null);
  const renew = useRenewSyncToken();
  const revoke = useRevokeSyncToken();
  const tokenText = text.syncToken;

  // A sync login's token: its key as the list shows it, renewed (the new one shown once) or revoked.
  function syncTokenCell(user: User) {
    if (user.login_role !== 'sync') return null;
    return (
      <Space size={4} wrap>
        {user.login_syncToken ? <Typography.Text code>{user.login_syncToken}</Typography.Text> : tokenText.none}
        <Popconfirm
          title={tokenText.renewConfirm}
          okText={tokenText.renew}
          cancelText={fr.records.cancel}
          // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm awaits the promise (loading button), though typed void
          onConfirm={async () => {
            const answer = await renew.mutateAsync(user.login_id).catch(() => null);
            if (answer?.login_syncToken) setShownToken({ name: user.login_name, token: answer.login_syncToken });
          }}
        >
          <Button size="small" aria-label={tokenText.renewLabel(user.login_name)}>
            {tokenText.renew}
          </Button>
        </Popconfirm>
        {user.login_syncToken && (
          <Popconfirm
            title={tokenText.revokeConfirm}
            okText={tokenText.revoke}
            cancelText={fr.records.cancel}
            okButtonProps={{ danger: true }}
            // eslint-disable-next-line @typescript-eslint/no-misused-promises -- as above
            onConfirm={() => revoke.mutateAsync(user.login_id).catch(() => undefined)}
          >
            <Button size="small" danger aria-label={tokenText.revokeLabel(user.login_name)}>
              {tokenText.revoke}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  }
  const tableRef = useScrollRegion(text.tableLabel);
  const users = useUserList(list.params, tableRef);
  const height = useTableHeight(330);
  const { sortable } = list;

  // Every column has a width: the virtual table needs them to lay rows out.
  const columns: NonNullable<TableProps<User>['columns']> = [
    { title: text.fields.login_id, width: 80, ...sortable('login_id') },
    { title: text.fields.login_name, width: 220, ellipsis: true, ...sortable('login_name') },
    {
      title: text.fields.login_role,
      width: 170,
      ...sortable('login_role'),
      render: (role: string) => <Tag color={role === 'admin' ? 'green' : undefined}>{roleLabel(role)}</Tag>,
    },
    {
      title: text.fields.login_provider,
      dataIndex: 'login_provider',
      width: 160,
      ellipsis: true,
      render: (provider?: string | null) => provider ?? '',
    },
    {
      title: tokenText.column,
      key: 'login_syncToken',
      width: 300,
      render: (_: unknown, user: User) => syncTokenCell(user),
    },
    {
      title: text.fields.login_lastConnection,
      width: 180,
      ...sortable('login_lastConnection'),
      render: (value?: string | null) => (value ? formatDateTime(value) : text.never),
    },
    actionsColumn<User>((user) => ({
      name: user.login_name,
      confirm: text.confirmDelete,
      onEdit: () => setTarget({ kind: 'edit', id: user.login_id, name: user.login_name }),
      onDelete: () => remove.mutateAsync(user.login_id),
    })),
  ];

  return (
    <>
      <ListToolbar
        searchLabel={text.search}
        onSearch={(filter) => list.setFilters({ filter })}
        addLabel={text.add}
        onAdd={() => setTarget({ kind: 'create' })}
      />
      <Table<User>
        ref={tableRef}
        virtual
        rowKey="login_id"
        columns={columns}
        dataSource={users.rows}
        loading={users.loading}
        onChange={list.onChange}
        onScroll={users.onScroll}
        pagination={false}
        footer={() => <KeysetFooter total={text.total(users.total)} loadingMore={users.loadingMore} />}
        scroll={{ x: tableWidth(columns), y: height }}
      />
      {target && <UserFormModal target={target} onClose={closeForm} onSyncToken={setShownToken} />}
      {shownToken && <SyncTokenModal shown={shownToken} onClose={() => setShownToken(null)} />}
    </>
  );
}
