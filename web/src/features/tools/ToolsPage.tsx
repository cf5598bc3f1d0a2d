// The administrator's tools: the login parameters the product reads, each edited with the input of its
// type (and any other parameter by name), the password-hash tool, and the way to the photos a field laptop
// failed to send.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { fr } from '../../shared/locale/fr';
import { useLoginParam } from './api';
import { KNOWN_PARAMS, shownValue, type KnownParam } from './loginParams';
import ParamFormModal, { type ParamTarget } from './ParamFormModal';
import PasswordHashCard from './PasswordHashCard';
import PhotoFailuresCard from './PhotoFailuresCard';

const text = fr.tools.params;

export default function ToolsPage() {
  const [target, setTarget] = useState<ParamTarget | null>(null);
  const columns: TableProps<KnownParam>['columns'] = [
    {
      title: text.name,
      key: 'name',
      render: (_: unknown, param) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{param.label}</Typography.Text>
          <Typography.Text type="secondary" code>
            {param.name}
          </Typography.Text>
        </Space>
      ),
    },
    { title: text.kind, key: 'kind', width: 120, render: (_: unknown, param) => text.kinds[param.kind] },
    {
      title: text.value,
      key: 'value',
      render: (_: unknown, param) => <ParamValue param={param} onEdit={setTarget} />,
    },
  ];
  return (
    <Space direction="vertical" size={24} style={{ width: '100%' }}>
      <Card
        title={text.title}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setTarget({ known: null, current: null })}>
            {text.other}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{text.intro}</Typography.Paragraph>
        <Table<KnownParam> rowKey="name" columns={columns} dataSource={[...KNOWN_PARAMS]} pagination={false} />
      </Card>
      <PasswordHashCard />
      <PhotoFailuresCard />
      {target && <ParamFormModal target={target} onClose={() => setTarget(null)} />}
    </Space>
  );
}

/** A parameter's current value, read from the server, and its edit button. */
function ParamValue({ param, onEdit }: { param: KnownParam; onEdit: (target: ParamTarget) => void }) {
  const current = useLoginParam(param.name);
  return (
    <Space wrap>
      <Typography.Text>{current.isPending ? '…' : shownValue(current.data)}</Typography.Text>
      <Button
        size="small"
        aria-label={text.editLabel(param.label)}
        disabled={current.isPending}
        onClick={() => onEdit({ known: param, current: current.data ?? null })}
      >
        {fr.records.edit}
      </Button>
    </Space>
  );
}
