// The card reader: a member's card is scanned (a keyboard-wedge scanner types its code in the field,
// then Enter; or the computer's camera reads it) and checked here, offline: the Ed25519 signature with the
// card key, the issuer, the expiry and the revoked cards, which the screen keeps for when the network is
// cut. The verdict is shown large, with what the card says.
import { CameraOutlined, CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Input, Result, Space, Spin, Typography, type InputRef } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { formatDate, formatDateTime } from '../../shared/format/date';
import CameraScanner from './CameraScanner';
import { checkCard, formatBirthDate, type CardCheck, type CardClaims } from './claim169';
import { readerTexts as texts } from './texts';
import { useTrust, type TrustState } from './trust';

const INPUT_ID = 'reader-code';

interface Scan {
  text: string;
  /** When it was scanned (milliseconds), the moment its expiry is judged at. */
  at: number;
}

const STATUS = { valid: 'success', expired: 'warning', revoked: 'error', forged: 'error' } as const;

function day(seconds: number | null): string {
  return seconds === null ? '' : formatDate(new Date(seconds * 1000).toISOString());
}

function explanation(check: CardCheck): string {
  switch (check.verdict) {
    case 'valid':
      return texts.explanation.valid;
    case 'expired':
      return texts.explanation.expired(day(check.claims?.expiresAt ?? null));
    case 'revoked':
      return texts.explanation.revoked;
    case 'forged':
      return texts.explanation.forged;
  }
}

function CardDetails({ claims, trusted }: { claims: CardClaims; trusted: boolean }) {
  const d = texts.details;
  const items = [
    { key: 'cardNumber', label: d.cardNumber, children: claims.cardNumber },
    { key: 'memberNumber', label: d.memberNumber, children: claims.memberNumber },
    { key: 'lastName', label: d.lastName, children: claims.lastName },
    { key: 'firstName', label: d.firstName, children: claims.firstName },
    { key: 'birthDate', label: d.birthDate, children: formatBirthDate(claims.birthDate) },
    { key: 'issuedAt', label: d.issuedAt, children: day(claims.issuedAt) },
    { key: 'expiresAt', label: d.expiresAt, children: day(claims.expiresAt) },
    { key: 'issuer', label: d.issuer, children: claims.issuer },
  ].filter((item) => item.children);
  return (
    <Descriptions
      title={trusted ? d.title : d.untrusted}
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={items}
      style={{ textAlign: 'start' }}
    />
  );
}

function TrustStatus({ trust, loading }: { trust: TrustState | undefined; loading: boolean }) {
  if (trust?.offline)
    return (
      <Alert
        type="warning"
        showIcon
        title={texts.trust.offline}
        description={texts.trust.offlineSince(formatDateTime(trust.savedAt))}
      />
    );
  if (trust) return <Typography.Text type="secondary">{texts.trust.online(trust.revoked.length)}</Typography.Text>;
  if (loading) return <Spin size="small" description={texts.trust.loading} />;
  return <Alert type="error" showIcon title={texts.trust.missing} />;
}

export default function ReaderPage() {
  const trust = useTrust();
  const [code, setCode] = useState('');
  const [scan, setScan] = useState<Scan | null>(null);
  const [camera, setCamera] = useState(false);
  const input = useRef<InputRef>(null);

  const check = scan && trust.data ? checkCard(scan.text, trust.data.key, trust.data.revoked, scan.at) : null;

  const submit = (text: string) => {
    if (!text.trim()) return;
    setScan({ text, at: Date.now() });
    // Ready for the next card.
    setCode('');
    input.current?.focus();
  };

  const onDetected = useCallback((text: string) => {
    setCamera(false);
    setScan({ text, at: Date.now() });
    input.current?.focus();
  }, []);

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 960 }}>
      <Typography.Paragraph style={{ margin: 0 }}>{texts.intro}</Typography.Paragraph>
      <TrustStatus trust={trust.data} loading={trust.isPending} />

      <div>
        <label htmlFor={INPUT_ID} style={{ display: 'block', marginBottom: 4 }}>
          {texts.input.label}
        </label>
        <Flex gap="small" wrap>
          <Space.Compact style={{ flex: '1 1 420px' }}>
            <Input
              id={INPUT_ID}
              ref={input}
              autoFocus
              allowClear
              autoComplete="off"
              spellCheck={false}
              placeholder={texts.input.placeholder}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onPressEnter={() => submit(code)}
            />
            <Button type="primary" icon={<CheckOutlined />} onClick={() => submit(code)}>
              {texts.input.check}
            </Button>
          </Space.Compact>
          <Button icon={<CameraOutlined />} onClick={() => setCamera(true)}>
            {texts.camera.open}
          </Button>
        </Flex>
      </div>

      <div role="status" aria-live="polite">
        {check && (
          <Result
            status={STATUS[check.verdict]}
            title={texts.verdict[check.verdict]}
            subTitle={explanation(check)}
            style={{ padding: '24px 0' }}
          >
            {check.claims && <CardDetails claims={check.claims} trusted={check.verdict !== 'forged'} />}
          </Result>
        )}
      </div>

      {camera && <CameraScanner onDetected={onDetected} onClose={() => setCamera(false)} />}
    </Flex>
  );
}
