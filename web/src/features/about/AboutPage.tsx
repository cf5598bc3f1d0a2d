// About: which web application and which server this is, and where it runs (central or field).
import { Descriptions, Skeleton, Tag } from 'antd';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import { useRunningEnv, useServerAbout } from './api';
import { webBuildCommit, webBuildTime, webVersion } from './buildInfo';

function environmentLabel(env: string | undefined): string {
  if (!env) return '';
  return `${fr.about.environments[env] ?? env} (${env})`;
}

export default function AboutPage() {
  const env = useRunningEnv();
  const server = useServerAbout();
  const loading = env.isPending || server.isPending;

  const webBuild = [webBuildCommit, formatDateTime(webBuildTime)].filter(Boolean).join(' — ');
  return (
    <Descriptions
      bordered
      column={1}
      styles={{ label: { width: 280 } }}
      items={[
        { key: 'product', label: fr.about.product, children: fr.app.name },
        {
          key: 'webVersion',
          label: fr.about.webVersion,
          children: <span data-testid="web-version">{webVersion}</span>,
        },
        { key: 'webBuild', label: fr.about.webBuild, children: webBuild || fr.about.unknown },
        {
          key: 'environment',
          label: fr.about.environment,
          children: loading ? (
            <Skeleton.Input size="small" active />
          ) : (
            <Tag color="green">{environmentLabel(env.data)}</Tag>
          ),
        },
        { key: 'serverVersion', label: fr.about.serverVersion, children: server.data?.version ?? '' },
        {
          key: 'serverBuild',
          label: fr.about.serverBuild,
          children: server.data ? server.data.build || fr.about.unknown : '',
        },
      ]}
    />
  );
}
