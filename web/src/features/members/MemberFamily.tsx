// The "Famille" tab: the family's main member, spouses and children (whichever of them is open), each
// opening in its own drawer; "Ajouter un conjoint" and "Ajouter un enfant" start a dependant of the main member.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Table, type TableProps } from 'antd';
import type { Right } from '../../app/useRight';
import { formatDate } from '../../shared/format/date';
import { fr } from '../../shared/locale/fr';
import Permitted from '../../shared/rights/Permitted';
import { useMemberFamily, type Member } from './api';
import { familyRoleOf, type FamilyRole } from './family';
import MemberThumb from './MemberThumb';

interface Props {
  memberId: number;
  /** Not allowed: the add buttons show disabled, saying who may. */
  writeRight: Right;
  onAdd: (main: Member, role: Exclude<FamilyRole, 'main'>) => void;
  onOpen: (id: number) => void;
}

const text = fr.members;

export default function MemberFamily({ memberId, writeRight, onAdd, onOpen }: Props) {
  const family = useMemberFamily(memberId);
  if (!family.data) {
    return family.isPending ? (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <Spin />
      </div>
    ) : null;
  }
  const { main, spouses, children } = family.data;
  const people = [main, ...spouses, ...children].filter((member) => member.member_id !== null);

  const columns: TableProps<Member>['columns'] = [
    {
      title: text.columns.photo,
      key: 'photo',
      width: 64,
      render: (_: unknown, member: Member) => <MemberThumb member={member} />,
    },
    {
      title: text.fields.familyRole,
      key: 'role',
      width: 170,
      render: (_: unknown, member: Member) => text.roles[familyRoleOf(member)],
    },
    { title: text.fields.member_lastname, dataIndex: 'member_lastname' },
    { title: text.fields.member_firstname, dataIndex: 'member_firstname' },
    { title: text.fields.member_idNumber, dataIndex: 'member_idNumber', width: 150 },
    {
      title: text.fields.member_birthDate,
      dataIndex: 'member_birthDate',
      width: 140,
      render: (value: string | null) => formatDate(value),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Permitted right={writeRight}>
          <Button icon={<PlusOutlined />} onClick={() => onAdd(main, 'spouse')}>
            {text.family.addSpouse}
          </Button>
        </Permitted>
        <Permitted right={writeRight}>
          <Button icon={<PlusOutlined />} onClick={() => onAdd(main, 'child')}>
            {text.family.addChild}
          </Button>
        </Permitted>
      </Space>
      <Table<Member>
        rowKey="member_id"
        size="small"
        columns={columns}
        dataSource={people}
        pagination={false}
        loading={family.isFetching}
        onRow={(member) => {
          // The member this drawer shows is in bold; the others open above it.
          const shown = member.member_id === memberId;
          return {
            onClick: () => {
              if (!shown) onOpen(member.member_id!);
            },
            style: shown ? { fontWeight: 600 } : { cursor: 'pointer' },
          };
        }}
        footer={() => text.family.summary(spouses.length, children.length)}
      />
    </Space>
  );
}
