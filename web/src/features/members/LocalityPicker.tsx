// A locality chosen level by level (region, department, sub-prefecture, locality), as a form control
// whose value is the locality's id. `place` (the record's, with its locality's id) starts the levels at
// the record's own and names them before their lists load.
import { Col, Row } from 'antd';
import { useState } from 'react';
import RemoteSelect, { type Option } from '../../shared/form/RemoteSelect';
import { fr } from '../../shared/locale/fr';
import { departmentOptions, localityOptions, regionOptions, subprefectureOptions } from '../geography/levelOptions';
import type { Place } from './place';

interface Props {
  value?: number | null;
  onChange?: (localityId: number | null) => void;
  place?: Place & { locality_id: number | null };
  disabled?: boolean;
}

const KEY = 'localityPicker';

/** The record's own choice at one level, while the level above is still the record's. */
const known = (sameParent: boolean, value: number | null | undefined, label: string | undefined): Option | null =>
  sameParent && value && label ? { value, label } : null;

export default function LocalityPicker({ value, onChange, place, disabled }: Props) {
  const [regionId, setRegionId] = useState<number | null>(place?.region_id ?? null);
  const [departmentId, setDepartmentId] = useState<number | null>(place?.department_id ?? null);
  const [subprefectureId, setSubprefectureId] = useState<number | null>(place?.subprefecture_id ?? null);
  const labels = fr.members.locality;

  // A new upper level empties the levels under it, the locality included.
  const chooseRegion = (id: number | null) => {
    setRegionId(id);
    setDepartmentId(null);
    setSubprefectureId(null);
    onChange?.(null);
  };
  const chooseDepartment = (id: number | null) => {
    setDepartmentId(id);
    setSubprefectureId(null);
    onChange?.(null);
  };
  const chooseSubprefecture = (id: number | null) => {
    setSubprefectureId(id);
    onChange?.(null);
  };

  return (
    <Row gutter={[8, 8]}>
      <Col xs={24} md={6}>
        <RemoteSelect
          queryKey={[KEY, 'region']}
          load={regionOptions}
          value={regionId}
          onChange={chooseRegion}
          known={known(true, place?.region_id, place?.region_name)}
          disabled={disabled}
          placeholder={labels.region}
          aria-label={labels.region}
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={24} md={6}>
        <RemoteSelect
          queryKey={[KEY, 'department', regionId]}
          load={(search) => departmentOptions(search, regionId)}
          value={departmentId}
          onChange={chooseDepartment}
          known={known(regionId === place?.region_id, place?.department_id, place?.department_name)}
          disabled={disabled || regionId === null}
          placeholder={labels.department}
          aria-label={labels.department}
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={24} md={6}>
        <RemoteSelect
          queryKey={[KEY, 'subprefecture', departmentId]}
          load={(search) => subprefectureOptions(search, departmentId)}
          value={subprefectureId}
          onChange={chooseSubprefecture}
          known={known(departmentId === place?.department_id, place?.subprefecture_id, place?.subprefecture_name)}
          disabled={disabled || departmentId === null}
          placeholder={labels.subprefecture}
          aria-label={labels.subprefecture}
          style={{ width: '100%' }}
        />
      </Col>
      <Col xs={24} md={6}>
        <RemoteSelect
          queryKey={[KEY, 'locality', subprefectureId]}
          load={(search) => localityOptions(search, subprefectureId)}
          value={value ?? null}
          onChange={(id) => onChange?.(id)}
          known={known(subprefectureId === place?.subprefecture_id, place?.locality_id, place?.locality_name)}
          disabled={disabled || subprefectureId === null}
          placeholder={labels.locality}
          aria-label={labels.locality}
          style={{ width: '100%' }}
        />
      </Col>
    </Row>
  );
}
