// What a locality import added, level by level (the server's four counts).
import SheetImportCounts from '../../shared/import/ImportCounts';
import { fr } from '../../shared/locale/fr';

export interface Counts {
  regionAdded: number;
  departmentAdded: number;
  subprefectureAdded: number;
  localityAdded: number;
}

export default function ImportCounts({ counts }: { counts: Counts }) {
  const t = fr.geography.import.added;
  return (
    <SheetImportCounts
      items={[
        { title: t.regions, value: counts.regionAdded },
        { title: t.departments, value: counts.departmentAdded },
        { title: t.subprefectures, value: counts.subprefectureAdded },
        { title: t.localities, value: counts.localityAdded },
      ]}
    />
  );
}
