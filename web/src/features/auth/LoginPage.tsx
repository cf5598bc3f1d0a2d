// Sign-in (specification points 4 and 8). After success, back to the screen the user asked for.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { afterSignIn } from '../../app/guard';
import { fr } from '../../shared/locale/fr';
import { signIn } from '../../shared/session/session';

interface Credentials {
  login: string;
  password: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit({ login, password }: Credentials) {
    setBusy(true);
    setFailure(null);
    const result = await signIn(login.trim(), password);
    setBusy(false);
    if (result.ok) void navigate(afterSignIn(searchParams.get('redirect')), { replace: true });
    else setFailure(result.message);
  }

  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {fr.login.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{fr.login.intro}</Typography.Paragraph>
      {failure && <Alert type="error" title={failure} showIcon role="alert" style={{ marginBottom: 16 }} />}
      <Form<Credentials>
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark={false}
        disabled={busy}
      >
        <Form.Item
          name="login"
          label={fr.login.login}
          rules={[{ required: true, whitespace: true, message: fr.login.loginRequired }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={fr.login.password}
          rules={[{ required: true, message: fr.login.passwordRequired }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {fr.login.submit}
        </Button>
      </Form>
    </>
  );
}
