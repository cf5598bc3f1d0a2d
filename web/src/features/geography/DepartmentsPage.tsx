// The department screen: the shared geography list for this level.
import GeographyListPage from './GeographyListPage';
import { DEPARTMENT } from './levels';

export default function DepartmentsPage() {
  return <GeographyListPage level={DEPARTMENT} />;
}
