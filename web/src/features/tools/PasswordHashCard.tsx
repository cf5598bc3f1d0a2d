// The password-hash tool (auth/generate): the argon2id hash of a text, for an administrator who must set a
// password by hand (in a configuration file, say). The text is not kept, the hash is shown to copy.
import { Button, Card, Form, Input, Typography } from 'antd';
import { fr } from '../../shared/locale/fr';
import { useHashPassword } from './api';

const text = fr.tools.hash;

export default function PasswordHashCard() {
  const hash = useHashPassword();
  return (
    <Card title={text.title}>
      <Typography.Paragraph type="secondary">{text.help}</Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={(values: { password: string }) => hash.mutate(values.password)}
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="password" label={text.password} rules={[{ required: true, message: text.required }]}>
          <Input.Password autoComplete="new-password" style={{ width: 280 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={hash.isPending}>
          {text.compute}
        </Button>
      </Form>
      {hash.data && (
        <Typography.Paragraph copyable code aria-label={text.result} style={{ wordBreak: 'break-all' }}>
          {hash.data}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
