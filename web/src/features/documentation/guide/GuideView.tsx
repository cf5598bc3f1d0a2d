// The user guide: an introduction, then one section per screen (what it is for, step by step, what to do
// when something is refused, its screenshot and « Ouvrir l'écran »), with the table of contents beside.
import { Anchor, Col, Image, Row, Space, Tag, theme, Typography } from 'antd';
import { Link } from 'react-router';
import { menuScreens } from '../../../app/screens';
import { fr } from '../../../shared/locale/fr';
import { guideSections, screenshotUrl, sectionId } from './sections';
import { guideTexts as text } from './texts';
import type { GuideSection } from './types';

const GENERAL_ID = 'guide-general';

/** The section's screen title, as the menu and the page heading name it. */
function sectionTitle(section: GuideSection): string {
  if (section.path === '/login') return fr.screens.login;
  return menuScreens.find((screen) => screen.path === section.path)?.title ?? section.path;
}

/** Who may open the screen, in words. */
function whoOpens(section: GuideSection): string {
  if (section.path === '/login') return text.beforeSignIn;
  const access = menuScreens.find((screen) => screen.path === section.path)?.access;
  if (!access) return text.everyone;
  return fr.rights.reservedTo(access.map((role) => fr.rolesPlural[role])).toLowerCase();
}

function List({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ paddingInlineStart: 20, margin: 0 }}>
      {items.map((item) => (
        <li key={item} style={{ marginBottom: 6 }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

function Section({ section }: { section: GuideSection }) {
  const title = sectionTitle(section);
  const { token } = theme.useToken();
  return (
    <section id={sectionId(section)} data-guide-path={section.path} style={{ scrollMarginTop: 16 }}>
      <Space align="center" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
          {title}
        </Typography.Title>
        <Link to={section.path} aria-label={text.openLabel(title)}>
          {text.open}
        </Link>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        {text.who}
        <Tag style={{ marginInlineStart: 4 }}>{whoOpens(section)}</Tag>
      </Typography.Paragraph>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {text.purpose}
      </Typography.Title>
      <Typography.Paragraph>{section.purpose}</Typography.Paragraph>
      <Image
        src={screenshotUrl(section)}
        alt={section.alt}
        title={text.screenshot(title)}
        width="100%"
        loading="lazy"
        style={{
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          aspectRatio: '1280 / 800',
        }}
      />
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
        {text.steps}
      </Typography.Title>
      <ol style={{ paddingInlineStart: 20 }}>
        {section.steps.map((step) => (
          <li key={step} style={{ marginBottom: 6 }}>
            {step}
          </li>
        ))}
      </ol>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {text.refused}
      </Typography.Title>
      <List items={section.refused} />
    </section>
  );
}

export default function GuideView() {
  return (
    <Row gutter={32} wrap={false}>
      <Col flex="250px">
        <nav aria-label={text.tocLabel}>
          <Typography.Text strong>{text.toc}</Typography.Text>
          <Anchor
            affix
            offsetTop={16}
            targetOffset={16}
            items={[
              { key: GENERAL_ID, href: `#${GENERAL_ID}`, title: text.general.title },
              ...guideSections.map((section) => ({
                key: sectionId(section),
                href: `#${sectionId(section)}`,
                title: sectionTitle(section),
              })),
            ]}
          />
        </nav>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Space orientation="vertical" size={40} style={{ width: '100%' }}>
          <section id={GENERAL_ID} style={{ scrollMarginTop: 16 }}>
            <Typography.Paragraph style={{ fontSize: 16 }}>{text.intro}</Typography.Paragraph>
            <Typography.Title level={2} style={{ fontSize: 22 }}>
              {text.general.title}
            </Typography.Title>
            <List items={text.general.points} />
          </section>
          {guideSections.map((section) => (
            <Section key={section.path} section={section} />
          ))}
        </Space>
      </Col>
    </Row>
  );
}
