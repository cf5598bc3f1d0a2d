// The landing page after sign-in: a greeting and the role, the day's work of the signed-in login (members
// registered today and this month, cards to print, deliveries under way, payments without a card, the
// latest synchronisation), each figure a link to its list filtered to what it counts, and below them the
// shortcuts to the main screens. A figure shows only when the role reads its area (the server leaves it out
// otherwise); the latest synchronisation, on a field laptop, says when there has been none.
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Spin, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { may } from '../../app/access';
import { fallbackIcon, screenIcons } from '../../app/menuIcons';
import { visibleScreens } from '../../app/menu';
import { formatCount } from '../../shared/format/count';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { roleLabel } from '../../shared/roles';
import { useSession } from '../../shared/session/useSession';
import { useRunningEnv } from '../about/api';
import type { JournalEntry } from '../synchronization/api';
import { typeLabel } from '../synchronization/labels';
import StateTag from '../synchronization/StateTag';
import { useDayFigures, type DayFigures } from './api';
import { homeFr } from './fr';
import { firstOfUtcMonth, homeLinks, utcDay } from './homeLinks';

const text = homeFr.figures;

/** One figure: its title and count, the whole card a link to the list it counts. */
function Figure({ title, value, to }: { title: string; value: number; to: string }) {
  return (
    <Col xs={24} sm={12} lg={8}>
      <Link to={to}>
        <Card hoverable size="small">
          <Statistic title={title} value={value} formatter={(shown) => formatCount(Number(shown))} />
        </Card>
      </Link>
    </Col>
  );
}

function LastSynchronization({ entry }: { entry: JournalEntry | null }) {
  return (
    <Col xs={24} lg={16}>
      <Link to={homeLinks.journal()}>
        <Card hoverable size="small" title={text.lastSynchronization}>
          {entry ? (
            <Flex vertical gap={4}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{typeLabel(entry.synchronizationJournal_type)}</Typography.Text>
                <StateTag state={entry.synchronizationJournal_state} />
                <Typography.Text type="secondary">
                  {text.startedAt(formatDateTime(entry.synchronizationJournal_startedAt))}
                </Typography.Text>
              </Flex>
              <Typography.Text>{entry.synchronizationJournal_message}</Typography.Text>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{text.noSynchronization}</Typography.Text>
          )}
        </Card>
      </Link>
    </Col>
  );
}

function Figures({ figures, showNoSync }: { figures: DayFigures; showNoSync: boolean }) {
  const now = new Date();
  const parts: ReactNode[] = [];
  if (figures.members) {
    parts.push(
      <Figure key="today" title={text.today} value={figures.members.today} to={homeLinks.membersFrom(utcDay(now))} />,
      <Figure
        key="thisMonth"
        title={text.thisMonth}
        value={figures.members.thisMonth}
        to={homeLinks.membersFrom(firstOfUtcMonth(now))}
      />,
    );
  }
  if (figures.cards) {
    parts.push(
      <Figure
        key="cardsToPrint"
        title={text.cardsToPrint}
        value={figures.cards.cardsToPrint}
        to={homeLinks.cardsToPrint()}
      />,
      <Figure
        key="deliveries"
        title={text.deliveriesUnderWay}
        value={figures.cards.deliveriesUnderWay}
        to={homeLinks.deliveriesUnderWay()}
      />,
      <Figure
        key="payments"
        title={text.paymentsWithoutCard}
        value={figures.cards.paymentsWithoutCard}
        to={homeLinks.paymentsWithoutCard()}
      />,
    );
  }
  if (figures.lastSynchronization || showNoSync) {
    parts.push(<LastSynchronization key="sync" entry={figures.lastSynchronization ?? null} />);
  }
  return <Row gutter={[16, 16]}>{parts}</Row>;
}

export default function HomePage() {
  const { user } = useSession();
  const figures = useDayFigures();
  const env = useRunningEnv();
  if (!user) return null;
  const shortcuts = visibleScreens(user.login_role).filter((screen) => screen.shortcut);
  // On a field laptop, a role that reads the synchronisation is told when none ran yet.
  const showNoSync = env.data === 'field' && may(user.login_role, 'sync', 'read');

  return (
    <>
      <Typography.Title level={2}>{fr.home.hello(user.login_name)}</Typography.Title>
      <Typography.Paragraph type="secondary">{fr.home.role(roleLabel(user.login_role))}</Typography.Paragraph>
      <Typography.Title level={3}>{text.title}</Typography.Title>
      <section aria-label={text.title} aria-busy={figures.isPending} style={{ marginBottom: 24 }}>
        {figures.isPending ? (
          <Flex gap={12} align="center">
            <Spin />
            <Typography.Text type="secondary">{text.loading}</Typography.Text>
          </Flex>
        ) : figures.isError ? (
          <Alert
            type="error"
            showIcon
            title={text.error}
            description={figures.error.message}
            action={
              <Button icon={<ReloadOutlined />} loading={figures.isFetching} onClick={() => void figures.refetch()}>
                {text.retry}
              </Button>
            }
          />
        ) : (
          <Figures figures={figures.data} showNoSync={showNoSync} />
        )}
      </section>
      <Typography.Title level={3}>{fr.home.shortcuts}</Typography.Title>
      <Row gutter={[16, 16]}>
        {shortcuts.map((screen) => (
          <Col key={screen.path} xs={24} sm={12} lg={8} xl={6}>
            <Link to={screen.path}>
              <Card hoverable>
                <Card.Meta
                  avatar={<span style={{ fontSize: 28 }}>{screenIcons[screen.path] ?? fallbackIcon}</span>}
                  title={screen.title}
                  description={screen.path}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </>
  );
}
