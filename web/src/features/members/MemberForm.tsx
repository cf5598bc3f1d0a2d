// The member's record in sections, with the API's field names: identity (and the photo), contact,
// membership, household and family, identity document, occupation, and what the server keeps track of.
import {
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
  type FormInstance,
} from 'antd';
import { useId, type ReactNode } from 'react';
import { asRule } from '../../shared/form/rules';
import SuggestInput from '../../shared/form/SuggestInput';
import { fr } from '../../shared/locale/fr';
import CooperativeSelect from '../cooperatives/CooperativeSelect';
import type { Member } from './api';
import LocalityPicker from './LocalityPicker';
import type { MemberFormValues } from './memberPayload';
import {
  checkFirstname,
  checkLastname,
  checkMainMember,
  checkMembershipDate,
  checkPastDate,
  isFutureDay,
} from './memberRules';
import MemberSelect from './MemberSelect';
import MemberPhotoPanel from './MemberPhotoPanel';
import MemberTracking from './MemberTracking';
import { startingPlace } from './place';

const text = fr.members;
const labels = text.fields;
const DATE_FORMAT = 'DD/MM/YYYY';

interface Props {
  form: FormInstance<MemberFormValues>;
  /** The record as the server gave it (or the new member's start). */
  member: Member;
  initialValues: MemberFormValues;
  disabled: boolean;
  canWrite: boolean;
  onFinish: (values: MemberFormValues) => void;
  photo: { pending: Blob | null; progress: number | null; onPhoto: (photo: Blob) => void };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start">{title}</Divider>
      <Row gutter={16}>{children}</Row>
    </>
  );
}

/** A field in the grid: half a line on a wide screen, or a whole one. */
function Field({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <Col xs={24} md={wide ? 24 : 12}>
      {children}
    </Col>
  );
}

function Suggest({
  name,
  suggestions,
}: {
  name: keyof MemberFormValues & keyof typeof labels;
  suggestions: readonly string[];
}) {
  return (
    <Form.Item name={name} label={labels[name]}>
      <SuggestInput suggestions={suggestions} allowClear />
    </Form.Item>
  );
}

function Text({ name }: { name: keyof MemberFormValues & keyof typeof labels }) {
  return (
    <Form.Item name={name} label={labels[name]}>
      <Input autoComplete="off" />
    </Form.Item>
  );
}

export default function MemberForm({ form, member, initialValues, disabled, canWrite, onFinish, photo }: Props) {
  const role = Form.useWatch('familyRole', form);
  const saved = member.member_id !== null;
  // Its own name prefixes the fields' ids: a dependant's form opens above its main member's.
  const name = `member${useId().replace(/\W/g, '')}`;

  return (
    <Form<MemberFormValues>
      name={name}
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={disabled}
    >
      <Section title={text.sections.identity}>
        <Col xs={24} md={7}>
          <MemberPhotoPanel member={member} canWrite={canWrite} {...photo} />
        </Col>
        <Col xs={24} md={17}>
          <Row gutter={16}>
            <Field>
              <Form.Item name="member_lastname" label={labels.member_lastname} rules={[asRule(checkLastname)]} required>
                <Input autoComplete="off" autoFocus={!saved} />
              </Form.Item>
            </Field>
            <Field>
              <Form.Item
                name="member_firstname"
                label={labels.member_firstname}
                rules={[asRule(checkFirstname)]}
                required
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Field>
            <Field>
              <Form.Item name="member_gender" label={labels.member_gender}>
                <Select
                  allowClear
                  placeholder={text.genderPlaceholder}
                  options={(['M', 'F'] as const).map((value) => ({ value, label: text.genders[value] }))}
                />
              </Form.Item>
            </Field>
            <Field>
              <Form.Item
                name="member_birthDate"
                label={labels.member_birthDate}
                rules={[asRule((value) => checkPastDate(value))]}
              >
                <DatePicker format={DATE_FORMAT} disabledDate={isFutureDay} style={{ width: '100%' }} />
              </Form.Item>
            </Field>
            <Field>
              <Text name="member_birthLocation" />
            </Field>
            <Field>
              <Suggest name="nationality" suggestions={text.choices.nationality} />
            </Field>
            <Field>
              <Text name="otherNationality" />
            </Field>
            <Field>
              <Text name="ethnicity" />
            </Field>
          </Row>
        </Col>
      </Section>

      <Section title={text.sections.contact}>
        <Field>
          <Text name="member_contact" />
        </Field>
        <Field>
          <Text name="contactUrgency" />
        </Field>
        <Field wide>
          <Form.Item name="member_localityId" label={labels.member_localityId}>
            <LocalityPicker place={startingPlace(member, member.member_localityId)} />
          </Form.Item>
        </Field>
        <Field>
          <Text name="member_city" />
        </Field>
        <Field>
          <Text name="member_district" />
        </Field>
        <Field wide>
          <Text name="member_address" />
        </Field>
      </Section>

      <Section title={text.sections.membership}>
        <Field>
          <Form.Item
            name="member_membershipStartDate"
            label={labels.member_membershipStartDate}
            dependencies={['member_birthDate']}
            rules={[
              ({ getFieldValue }) => asRule((value) => checkMembershipDate(value, getFieldValue('member_birthDate'))),
            ]}
          >
            <DatePicker format={DATE_FORMAT} disabledDate={isFutureDay} style={{ width: '100%' }} />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item name="member_cooperativeId" label={labels.member_cooperativeId}>
            <CooperativeSelect
              aria-label={labels.member_cooperativeId}
              known={
                member.member_cooperativeId
                  ? { value: member.member_cooperativeId, label: member.cooperative_name }
                  : null
              }
            />
          </Form.Item>
        </Field>
        <Field>
          <Form.Item name="canWrite" label={labels.canWrite} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Field>
      </Section>

      <Section title={text.sections.household}>
        <Field>
          <Form.Item name="familyRole" label={labels.familyRole}>
            <Radio.Group
              optionType="button"
              options={(['main', 'spouse', 'child'] as const).map((value) => ({ value, label: text.roles[value] }))}
            />
          </Form.Item>
        </Field>
        <Field>
          {role && role !== 'main' && (
            <Form.Item
              name="member_mainMemberId"
              label={labels.member_mainMemberId}
              dependencies={['familyRole']}
              rules={[
                ({ getFieldValue }) =>
                  asRule((value) => checkMainMember(getFieldValue('familyRole') as string | undefined, value)),
              ]}
              required
            >
              <MemberSelect
                mainOnly
                aria-label={labels.member_mainMemberId}
                placeholder={text.mainMemberPlaceholder}
                known={
                  member.member_mainMemberId
                    ? { value: member.member_mainMemberId, label: member.member_mainMemberName }
                    : null
                }
              />
            </Form.Item>
          )}
        </Field>
        <Field>
          <Suggest name="maritalStatus" suggestions={text.choices.maritalStatus} />
        </Field>
        <Field>
          <Suggest name="householdStatus" suggestions={text.choices.householdStatus} />
        </Field>
        <Field>
          <Form.Item name="householdSize" label={labels.householdSize}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Field>
      </Section>

      <Section title={text.sections.document}>
        <Field>
          <Suggest name="identityDocumentType" suggestions={text.choices.identityDocumentType} />
        </Field>
        <Field>
          <Text name="identityDocumentNumber" />
        </Field>
      </Section>

      <Section title={text.sections.occupation}>
        <Field>
          <Suggest name="occupation" suggestions={text.choices.occupation} />
        </Field>
        <Field>
          <Text name="otherOccupation" />
        </Field>
        <Field>
          <Suggest name="educationLevel" suggestions={text.choices.educationLevel} />
        </Field>
      </Section>

      {saved && (
        <>
          <Divider titlePlacement="start">{text.sections.tracking}</Divider>
          <MemberTracking member={member} />
        </>
      )}
    </Form>
  );
}
