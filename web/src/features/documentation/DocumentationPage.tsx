// /documentation, for administrators: the user guide (every screen, told to an agent who never saw the
// product) and the reference of the REST API, read from the OpenAPI document the server publishes.
import { Tabs } from 'antd';
import { fr } from '../../shared/locale/fr';
import ApiReference from './ApiReference';
import GuideView from './guide/GuideView';

export default function DocumentationPage() {
  return (
    <Tabs
      defaultActiveKey="guide"
      destroyOnHidden
      items={[
        { key: 'guide', label: fr.documentation.tabs.guide, children: <GuideView /> },
        { key: 'api', label: fr.documentation.tabs.api, children: <ApiReference /> },
      ]}
    />
  );
}
