// The subprefecture screen: the shared geography list for this level.
import GeographyListPage from './GeographyListPage';
import { SUBPREFECTURE } from './levels';

export default function SubprefecturesPage() {
  return <GeographyListPage level={SUBPREFECTURE} />;
}
