// The localities screen: the shared geography list for this level.
import GeographyListPage from './GeographyListPage';
import { LOCALITY } from './levels';

export default function LocalitiesPage() {
  return <GeographyListPage level={LOCALITY} />;
}
