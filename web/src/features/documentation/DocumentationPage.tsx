// The API documentation for administrators: every call of the OpenAPI document the server publishes.
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { fetchJson } from '../../shared/api/client';
import { fr } from '../../shared/locale/fr';
import { listCalls, type ApiCall, type OpenApiDocument } from './openapi';

const DOCUMENT_URL = '/api/openapi.json';

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PATCH: 'orange',
  PUT: 'orange',
  DELETE: 'red',
};

export default function DocumentationPage() {
  const document = useQuery({
    queryKey: ['openapi'],
    queryFn: () => fetchJson<OpenApiDocument>(DOCUMENT_URL),
    staleTime: Infinity,
  });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph>
        {fr.documentation.intro}{' '}
        <a href={DOCUMENT_URL} target="_blank" rel="noreferrer">
          {fr.documentation.document} ({DOCUMENT_URL})
        </a>
        {document.data?.info?.version && <Tag style={{ marginLeft: 8 }}>v{document.data.info.version}</Tag>}
      </Typography.Paragraph>
      {document.isError && <Alert type="error" showIcon title={fr.errors.network} />}
      <Table<ApiCall>
        rowKey="key"
        loading={document.isPending}
        dataSource={document.data ? listCalls(document.data) : []}
        pagination={false}
        size="middle"
        columns={[
          { title: fr.documentation.tag, dataIndex: 'tag', width: 140 },
          {
            title: fr.documentation.method,
            dataIndex: 'method',
            width: 110,
            render: (method: string) => <Tag color={METHOD_COLORS[method]}>{method}</Tag>,
          },
          {
            title: fr.documentation.path,
            dataIndex: 'path',
            render: (path: string) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {path}
              </Typography.Text>
            ),
          },
          { title: fr.documentation.summary, dataIndex: 'summary' },
        ]}
      />
    </Space>
  );
}
