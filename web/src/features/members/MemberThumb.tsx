// A member's photo in small (a list row, the family): fetched only when the row is drawn and the member
// has a photo; a silhouette otherwise.
import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { fr } from '../../shared/locale/fr';
import type { Member } from './api';
import { fullName } from './family';
import { useMemberPhoto } from './photoCache';

type Props = {
  /** A member's record or list row. */
  member: Pick<Member, 'member_id' | 'photoFilePath' | 'member_lastname' | 'member_firstname'>;
};

export default function MemberThumb({ member }: Props) {
  const url = useMemberPhoto(member, 'thumbnail');
  return (
    <Avatar
      shape="square"
      size={32}
      src={url}
      icon={url ? undefined : <UserOutlined />}
      alt={url ? fr.members.photo.alt(fullName(member)) : undefined}
    />
  );
}
