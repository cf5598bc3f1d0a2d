// Create or edit a parcel: code, the member who farms it, locality, area in hectares, crop, GPS point.
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { asRule } from '../../shared/form/rules';
import RecordFormModal from '../../shared/form/RecordFormModal';
import SuggestInput from '../../shared/form/SuggestInput';
import { fr } from '../../shared/locale/fr';
import LocalityPicker from '../members/LocalityPicker';
import MemberSelect from '../members/MemberSelect';
import { startingPlace } from '../members/place';
import { useParcel, useSaveParcel } from './api';
import { checkArea, checkCode, checkMember, gpsFaults } from './parcelRules';
import { toParcelBody, toParcelValues, type ParcelFormValues } from './payload';

export type ParcelFormTarget = { kind: 'create' } | { kind: 'edit'; id: number; code: string };

const text = fr.parcels;

/** Latitude and longitude are checked together: one without the other is refused. */
const gpsRule =
  (field: 'parcel_latitude' | 'parcel_longitude') =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () => {
      const message = gpsFaults(getFieldValue('parcel_latitude'), getFieldValue('parcel_longitude'))[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

export default function ParcelFormModal({ target, onClose }: { target: ParcelFormTarget; onClose: () => void }) {
  const id = target.kind === 'edit' ? target.id : null;
  const existing = useParcel(id);
  const save = useSaveParcel();
  const record = existing.data;

  return (
    <RecordFormModal<ParcelFormValues>
      title={target.kind === 'edit' ? text.editTitle(target.code) : text.createTitle}
      loading={id !== null && existing.isPending}
      failed={id !== null && existing.isError}
      initialValues={toParcelValues(record)}
      onSubmit={(values) => save.mutateAsync(toParcelBody(id, values))}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name="parcel_code" label={text.fields.parcel_code} rules={[asRule(checkCode)]} required>
            <Input autoComplete="off" autoFocus style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item name="parcel_memberId" label={text.fields.parcel_memberId} rules={[asRule(checkMember)]} required>
            <MemberSelect
              aria-label={text.fields.parcel_memberId}
              placeholder={text.memberPlaceholder}
              known={
                record?.parcel_memberId
                  ? { value: record.parcel_memberId, label: `${record.member_name} (${record.member_idNumber})` }
                  : null
              }
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="parcel_localityId" label={text.fields.parcel_localityId}>
        <LocalityPicker place={record ? startingPlace(record, record.parcel_localityId) : undefined} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name="parcel_area" label={text.fields.parcel_area} rules={[asRule(checkArea)]} required>
            <InputNumber min={0} step={0.1} decimalSeparator="," suffix={text.hectareUnit} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item name="parcel_crop" label={text.fields.parcel_crop}>
            <SuggestInput suggestions={text.crops} aria-label={text.fields.parcel_crop} allowClear />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="parcel_latitude"
            label={text.fields.parcel_latitude}
            rules={[gpsRule('parcel_latitude')]}
            dependencies={['parcel_longitude']}
            extra={text.gpsHelp}
          >
            <InputNumber min={-90} max={90} controls={false} decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="parcel_longitude"
            label={text.fields.parcel_longitude}
            rules={[gpsRule('parcel_longitude')]}
            dependencies={['parcel_latitude']}
          >
            <InputNumber min={-180} max={180} controls={false} decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormModal>
  );
}
