// The "Suivi" section: what the server sets and the form cannot change.
import { Descriptions } from 'antd';
import { formatDateTime } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import type { Member } from './api';

export default function MemberTracking({ member }: { member: Member }) {
  const labels = fr.members.fields;
  const yesNo = (value: boolean) => (value ? fr.records.yes : fr.records.no);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      bordered
      items={[
        { key: 'idNumber', label: labels.member_idNumber, children: member.member_idNumber },
        { key: 'uuid', label: labels.member_uuid, children: member.member_uuid },
        { key: 'createdAt', label: labels.member_createdAt, children: formatDateTime(member.member_createdAt) },
        { key: 'createdBy', label: labels.member_createdByUser, children: member.member_createdByUser },
        { key: 'updatedAt', label: labels.updatedAt, children: formatDateTime(member.updatedAt) },
        { key: 'updatedBy', label: labels.updatedByUser, children: member.updatedByUser },
        { key: 'orderNumber', label: labels.member_orderNumber, children: member.member_orderNumber },
        { key: 'dependentCount', label: labels.dependentCount, children: member.dependentCount },
        {
          key: 'sync',
          label: labels.member_synchronizationNeeded,
          children: yesNo(member.member_synchronizationNeeded),
        },
      ]}
    />
  );
}
