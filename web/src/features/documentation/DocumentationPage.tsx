// The API documentation for administrators: every call of the OpenAPI document the server publishes.
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { fetchJson } from '../../shared/api/client';
import { openFile } from '../../shared/api/download';
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

/** Shows the document in a new tab: it is fetched with the session's token, which a plain link could
 * not send. */
function openDocument(data: OpenApiDocument | undefined) {
  if (!data) return;
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  openFile(blob);
}

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
        <Typography.Link onClick={() => openDocument(document.data)} disabled={!document.data}>
          {fr.documentation.document} ({DOCUMENT_URL})
        </Typography.Link>
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
