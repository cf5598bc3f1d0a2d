// The member list's columns. Every column has a width: the virtual table needs them to lay rows out.
import { Space, Tag, type TableProps } from 'antd';
import { formatDate } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import type { MemberRow, MemberSortField } from './api';
import { familyLabel } from './family';
import MemberThumb from './MemberThumb';
import { placeLabel } from './place';

const text = fr.members;

type Sortable = (field: MemberSortField) => {
  dataIndex: MemberSortField;
  sorter: boolean;
  sortOrder: 'ascend' | 'descend' | null;
};

export function genderLabel(gender: string): string {
  return gender === 'M' || gender === 'F' ? text.genders[gender] : '';
}

/** What leaves the list first when the screen is too narrow (useColumnChooser); the names stay. */
export const MEMBER_DROP_ORDER = ['member_gender', 'member_birthDate', 'status', 'place', 'family', 'photo'];
export const MEMBER_LOCKED = ['member_lastname', 'member_firstname', 'member_idNumber'];

export function memberColumns(sortable: Sortable): NonNullable<TableProps<MemberRow>['columns']> {
  return [
    {
      title: text.columns.photo,
      key: 'photo',
      width: 64,
      render: (_: unknown, member: MemberRow) => <MemberThumb member={member} />,
    },
    { title: text.fields.member_idNumber, width: 150, ...sortable('member_idNumber') },
    { title: text.fields.member_lastname, width: 150, ellipsis: true, ...sortable('member_lastname') },
    { title: text.fields.member_firstname, width: 160, ellipsis: true, ...sortable('member_firstname') },
    { title: text.fields.member_gender, dataIndex: 'member_gender', width: 80, render: genderLabel },
    {
      title: text.fields.member_birthDate,
      width: 150,
      ...sortable('member_birthDate'),
      render: (value: string | null) => formatDate(value),
    },
    {
      title: text.columns.family,
      key: 'family',
      width: 200,
      ellipsis: true,
      render: (_: unknown, member: MemberRow) => familyLabel(member),
    },
    {
      title: text.columns.locality,
      key: 'place',
      width: 200,
      ellipsis: true,
      render: (_: unknown, member: MemberRow) => placeLabel(member),
    },
    {
      title: text.columns.status,
      key: 'status',
      width: 220,
      render: (_: unknown, member: MemberRow) => (
        <Space size={4}>
          {member.member_hasValidCard && <Tag color="green">{text.badges.validCard}</Tag>}
          {member.member_hasUnusedTransaction && <Tag color="gold">{text.badges.unusedTransaction}</Tag>}
        </Space>
      ),
    },
  ];
}
