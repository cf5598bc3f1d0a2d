// The API reference: every call of the OpenAPI document the server publishes, filtered by a search; a
// call's row opens its detail (parameters, request body, answers by code), read from the document. The
// document's own words (summaries, descriptions) are shown as they are.
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { fetchJson } from '../../shared/api/client';
import { openFile } from '../../shared/api/download';
import { fr } from '../../shared/locale/fr';
import CallDetailView from './CallDetailView';
import { filterCalls, listCalls, type ApiCall, type OpenApiDocument } from './openapi';

const DOCUMENT_URL = '/api/openapi.json';
const text = fr.documentation;

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

export default function ApiReference() {
  const document = useQuery({
    queryKey: ['openapi'],
    queryFn: () => fetchJson<OpenApiDocument>(DOCUMENT_URL),
    staleTime: Infinity,
  });
  const [search, setSearch] = useState('');
  const calls = useMemo(() => (document.data ? listCalls(document.data) : []), [document.data]);
  const shown = useMemo(() => filterCalls(calls, search), [calls, search]);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph>
        {text.intro}{' '}
        <Typography.Link onClick={() => openDocument(document.data)} disabled={!document.data}>
          {text.document} ({DOCUMENT_URL})
        </Typography.Link>
        {document.data?.info?.version && <Tag style={{ marginLeft: 8 }}>v{document.data.info.version}</Tag>}
      </Typography.Paragraph>
      {document.isError && <Alert type="error" showIcon title={fr.errors.network} />}
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={text.search}
          placeholder={text.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 420 }}
        />
        {document.data && <Typography.Text type="secondary">{text.found(shown.length)}</Typography.Text>}
      </Space>
      <Table<ApiCall>
        rowKey="key"
        loading={document.isPending}
        dataSource={shown}
        pagination={false}
        size="middle"
        expandable={{
          expandRowByClick: true,
          expandedRowRender: (call) => document.data && <CallDetailView document={document.data} call={call} />,
        }}
        columns={[
          { title: text.tag, dataIndex: 'tag', width: 140 },
          {
            title: text.method,
            dataIndex: 'method',
            width: 110,
            render: (method: string) => <Tag color={METHOD_COLORS[method]}>{method}</Tag>,
          },
          {
            title: text.path,
            dataIndex: 'path',
            render: (path: string) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {path}
              </Typography.Text>
            ),
          },
          { title: text.summary, dataIndex: 'summary' },
        ]}
      />
    </Space>
  );
}
