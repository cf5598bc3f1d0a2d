// The region screen: the shared geography list for this level.
import GeographyListPage from './GeographyListPage';
import { REGION } from './levels';

export default function RegionsPage() {
  return <GeographyListPage level={REGION} />;
}
