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

export const MEMBER_TABLE_WIDTH = 1500;

export function memberColumns(sortable: Sortable): NonNullable<TableProps<MemberRow>['columns']> {
  return [
    {
      title: text.columns.photo,
      key: 'photo',
      width: 64,
      render: (_: unknown, member: MemberRow) => <MemberThumb member={member} />,
    },
    { title: text.fields.member_idNumber, width: 150, ...sortable('member_idNumber') },
    { title: text.fields.member_lastname, width: 170, ellipsis: true, ...sortable('member_lastname') },
    { title: text.fields.member_firstname, width: 180, ellipsis: true, ...sortable('member_firstname') },
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
      width: 220,
      ellipsis: true,
      render: (_: unknown, member: MemberRow) => familyLabel(member),
    },
    {
      title: text.columns.locality,
      key: 'place',
      width: 220,
      ellipsis: true,
      render: (_: unknown, member: MemberRow) => placeLabel(member),
    },
    {
      title: text.columns.status,
      key: 'status',
      width: 256,
      render: (_: unknown, member: MemberRow) => (
        <Space size={4}>
          {member.member_hasValidCard && <Tag color="green">{text.badges.validCard}</Tag>}
          {member.member_hasUnusedTransaction && <Tag color="gold">{text.badges.unusedTransaction}</Tag>}
        </Space>
      ),
    },
  ];
}
