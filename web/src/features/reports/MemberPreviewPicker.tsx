// What the preview is filled with: the template's preview data (« Données d’exemple »), or a real member
// found by name or number (the members' own select, searched by the server), with what became of its
// record: loading, shown, or why it could not be read.
import { Alert, Radio, Space, Typography } from 'antd';
import MemberSelect from '../members/MemberSelect';
import { reportsText } from './fr';
import type { MemberPreview } from './useMemberPreview';

const text = reportsText.designer;

export type PreviewSource = 'sample' | 'member';

interface Props {
  source: PreviewSource;
  onSource: (source: PreviewSource) => void;
  memberId: number | null;
  onMember: (id: number | null) => void;
  preview: MemberPreview;
  /** The fields a member's record does not fill keep their sample value (the number of a card not made yet…). */
  partly: boolean;
}

export default function MemberPreviewPicker({ source, onSource, memberId, onMember, preview, partly }: Props) {
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      <Radio.Group
        aria-label={text.previewSource}
        optionType="button"
        value={source}
        onChange={(event) => onSource(event.target.value as PreviewSource)}
        options={[
          { value: 'sample', label: text.previewSample },
          { value: 'member', label: text.previewMember },
        ]}
      />
      {source === 'member' && (
        <>
          <MemberSelect
            aria-label={text.previewMemberPick}
            placeholder={text.previewMemberPlaceholder}
            value={memberId}
            onChange={onMember}
            known={preview.state === 'ready' && memberId !== null ? { value: memberId, label: preview.label } : null}
            style={{ width: '100%' }}
          />
          {preview.state === 'none' && <Typography.Text type="secondary">{text.previewMemberWanted}</Typography.Text>}
          {preview.state === 'loading' && (
            <Typography.Text type="secondary">{text.previewMemberLoading}</Typography.Text>
          )}
          {preview.state === 'failed' && <Alert type="error" showIcon title={text.previewMemberFailed(preview.why)} />}
          {preview.state === 'ready' && (
            <>
              <Typography.Text>
                {preview.card
                  ? text.previewMemberCardShown(preview.label, preview.card)
                  : text.previewMemberShown(preview.label)}
              </Typography.Text>
              {preview.cardFailed && <Alert type="warning" showIcon title={text.previewCardFailed} />}
              {partly && <Typography.Text type="secondary">{text.previewMemberRest}</Typography.Text>}
              {preview.photoFailed && <Alert type="warning" showIcon title={text.previewPhotoFailed} />}
            </>
          )}
        </>
      )}
    </Space>
  );
}
