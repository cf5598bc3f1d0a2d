// One call's detail in the API reference: its parameters, its request body's fields and its answers by
// code, each with its schema's fields.
import { Space, Table, Tag, Typography } from 'antd';
import { fr } from '../../shared/locale/fr';
import { callDetail, type ApiCall, type Body, type Field, type OpenApiDocument } from './openapi';

const text = fr.documentation;

function FieldTable({ fields, label, where = false }: { fields: Field[]; label: string; where?: boolean }) {
  return (
    <Table<Field>
      aria-label={label}
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={fields}
      locale={{ emptyText: text.noFields }}
      columns={[
        {
          title: text.name,
          dataIndex: 'name',
          render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
        },
        ...(where
          ? [{ title: text.where, dataIndex: 'where', render: (place: string) => text.places[place] ?? place }]
          : []),
        { title: text.type, dataIndex: 'type' },
        {
          title: text.required,
          dataIndex: 'required',
          width: 110,
          render: (required: boolean) => (required ? text.yes : text.no),
        },
        { title: text.summary, dataIndex: 'description' },
      ]}
    />
  );
}

/** « Format : application/json »: a label and its value, in the page's text colour (the expanded row's
 *  background leaves too little contrast to antd's grey labels). */
function Line({ label, value }: { label: string; value: string }) {
  return (
    <Typography.Text>
      <Typography.Text strong>{label} :</Typography.Text> {value}
    </Typography.Text>
  );
}

function BodyView({ body, label }: { body: Body; label: string }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Line label={text.mediaType} value={body.mediaTypes.join(', ')} />
      <Line label={text.schema} value={body.schemaName || body.type} />
      {body.description && <Line label={text.summary} value={body.description} />}
      {body.fields.length > 0 && <FieldTable fields={body.fields} label={label} />}
    </Space>
  );
}

export default function CallDetailView({ document, call }: { document: OpenApiDocument; call: ApiCall }) {
  const detail = callDetail(document, call);
  const name = `${call.method} ${call.path}`;
  return (
    <section aria-label={text.detailLabel(call.method, call.path)}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {detail.description && <Typography.Paragraph>{detail.description}</Typography.Paragraph>}
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {text.parameters}
        </Typography.Title>
        {detail.parameters.length === 0 ? (
          <Typography.Text type="secondary">{text.noParameters}</Typography.Text>
        ) : (
          <FieldTable fields={detail.parameters} label={`${text.parameters} : ${name}`} where />
        )}
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {text.requestBody}
        </Typography.Title>
        {detail.body ? (
          <BodyView body={detail.body} label={`${text.requestBody} : ${name}`} />
        ) : (
          <Typography.Text type="secondary">{text.noRequestBody}</Typography.Text>
        )}
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {text.responses}
        </Typography.Title>
        {detail.responses.map((response) => (
          <Space key={response.code} orientation="vertical" style={{ width: '100%' }}>
            <Space>
              <Tag color={response.code.startsWith('2') ? 'green' : 'red'}>
                {text.code} {response.code}
              </Tag>
              {response.description && <Typography.Text>{response.description}</Typography.Text>}
            </Space>
            {response.body && <BodyView body={response.body} label={`${text.responses} ${response.code} : ${name}`} />}
          </Space>
        ))}
      </Space>
    </section>
  );
}
