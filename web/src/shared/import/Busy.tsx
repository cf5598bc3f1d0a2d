// A wait that may last (a large file read, or checked and saved by the server), said in words.
import { Card, Space, Spin, Typography } from 'antd';

export default function Busy({ text }: { text: string }) {
  return (
    <Card size="small" role="status">
      <Space>
        <Spin />
        <Typography.Text>{text}</Typography.Text>
      </Space>
    </Card>
  );
}
