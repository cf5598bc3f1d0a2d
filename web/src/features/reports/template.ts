// What a report template is, without React nor the designer: its types and their French names, the page
// of each type in millimetres, the designer's JSON read back (a blank page of the type when unreadable),
// the preview data made into the generator's inputs, a member's record made into the same fields (the
// preview with a real member), the fields a template of each type prints (by their French names), an
// element bound to one of them added in free space on a page, and the elements bound to none. Pure, so
// tested alone.
import type { Member } from '../members/api';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { reportsText, type CardField, type MemberField, type SlipField } from './fr';

/** A grey picture, shown where a photo field has no sample picture, and printed for a member without a photo
 * (the server prints the same picture: services/cards/src/template_render.rs). */
export const PHOTO_PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAD0lEQVR4nGM4gQQYyOAAAPP8LuFvay+sAAAAAElFTkSuQmCC';

export const REPORT_TYPES = ['card', 'delivery_slip', 'member_sheet', 'list_export'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export function isReportType(value: unknown): value is ReportType {
  return REPORT_TYPES.some((type) => type === value);
}

/** « Carte », « Bordereau de livraison »…; an unknown type as it is written. */
export function typeLabel(type: string | null | undefined): string {
  return isReportType(type) ? reportsText.types[type] : (type ?? '');
}

export function typeOptions(): { value: ReportType; label: string }[] {
  return REPORT_TYPES.map((value) => ({ value, label: reportsText.types[value] }));
}

/** The page of a type in millimetres: a CR80 card, or an A4 page. */
export function pageSize(type: string): { width: number; height: number } {
  return type === 'card' ? { width: 85.6, height: 53.98 } : { width: 210, height: 297 };
}

/** One element of a page, as the designer keeps it (only what is read here is named). */
export interface TemplateElement {
  name: string;
  type: string;
  position: { x: number; y: number };
  width: number;
  height: number;
  content?: string;
  [key: string]: unknown;
}

export interface BlankPage {
  width: number;
  height: number;
  padding: [number, number, number, number];
}

/** The designer's template: a page (a blank page in millimetres, or a PDF) and the elements of each page. */
export interface ReportTemplate {
  basePdf: BlankPage | string;
  schemas: TemplateElement[][];
  [key: string]: unknown;
}

/** The blank page of a type, as the server makes it for a new template. */
export function blankTemplate(type: string): ReportTemplate {
  const { width, height } = pageSize(type);
  return { basePdf: { width, height, padding: [0, 0, 0, 0] }, schemas: [[]] };
}

/**
 * The template kept as `json`, or a blank page of `type` when it cannot be read (`readable` false). A
 * page kept as an object of elements by name (the designer's older form) becomes a list.
 */
export function parseTemplate(
  json: string | null | undefined,
  type: string,
): { template: ReportTemplate; readable: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '');
  } catch {
    return { template: blankTemplate(type), readable: false };
  }
  if (typeof value !== 'object' || value === null) return { template: blankTemplate(type), readable: false };
  const record = value as Record<string, unknown>;
  const basePdf = record.basePdf;
  const pages = record.schemas;
  if ((typeof basePdf !== 'object' || basePdf === null) && typeof basePdf !== 'string')
    return { template: blankTemplate(type), readable: false };
  if (!Array.isArray(pages)) return { template: blankTemplate(type), readable: false };
  const schemas = pages.map((page: unknown): TemplateElement[] => {
    if (Array.isArray(page)) return page as TemplateElement[];
    if (typeof page === 'object' && page !== null)
      return Object.entries(page as Record<string, TemplateElement>).map(([name, element]) => ({ ...element, name }));
    return [];
  });
  return {
    template: { ...record, basePdf: basePdf as ReportTemplate['basePdf'], schemas: schemas.length ? schemas : [[]] },
    readable: true,
  };
}

/** The template as it is saved: the designer's JSON text. */
export function templateJson(template: unknown): string {
  return JSON.stringify(template);
}

/** The preview record kept as text, each value as the text the generator prints; `{}` when unreadable. */
export function parsePreviewData(json: string | null | undefined): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(json ?? '');
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return asTexts(value as Record<string, unknown>);
}

/** A day (`AAAA-MM-JJ`) or a moment (`AAAA-MM-JJTHH:MM…`), as the server's printing recognises them. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T/;

/** A value as printed: a date as `jj/mm/aaaa` (a moment with its time), as the server prints it. */
function printedText(text: string): string {
  if (DAY.test(text)) return formatDate(text);
  if (MOMENT.test(text)) return formatDateTime(text);
  return text;
}

/**
 * Each value of `record` as the text the generator prints: empty for none, a date as `jj/mm/aaaa`, JSON for
 * a list or an object.
 */
function asTexts(record: Record<string, unknown>): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, item] of Object.entries(record)) {
    if (item === null || item === undefined) data[key] = '';
    else if (typeof item === 'string') data[key] = printedText(item);
    else if (typeof item === 'number' || typeof item === 'boolean') data[key] = String(item);
    else data[key] = JSON.stringify(item);
  }
  return data;
}

/** The field a template of `type` prints the photo from (`card_photo`, `member_photo`); none on a slip. */
export function photoField(type: string): string | null {
  if (type === 'card') return 'card_photo';
  if (type === 'delivery_slip') return null;
  return 'member_photo';
}

/** Whether a member's record fills a template of `type`: a card or a member's sheet, not a delivery slip. */
export function fillsWithMember(type: string): boolean {
  return isReportType(type) && type !== 'delivery_slip';
}

/** The field an element prints: its name, without the `-2`, `-3`… of a second element of the same field. */
export function boundField(name: string): string {
  return name.replace(/-\d+$/, '');
}

/** Whether an element of `template` prints `field`. */
export function bindsField(template: ReportTemplate, field: string): boolean {
  return template.schemas.some((page) => page.some((element) => boundField(element.name) === field));
}

/** How an element prints a field: as a text, as the card's QR code, or as the holder's photo. */
export type FieldKind = 'text' | 'qrcode' | 'image' | 'table';

/** A field a template can print: its name (the element's), its French name, how it prints, its group. */
export interface PrintableField {
  field: string;
  label: string;
  kind: FieldKind;
  /** One of the fields a template usually prints (offered first), or another of the record's. */
  usual: boolean;
}

/**
 * The fields of each type, in the order they are offered: the usual ones, then the others. They are the
 * fields the server accepts an element bound to (services/reports/src/domain/templates.rs, `fields`: the
 * record's proto message and its photo), each named in French (fr.ts, `fieldLabels`).
 */
const CARD_FIELDS: { usual: readonly CardField[]; other: readonly CardField[] } = {
  usual: [
    'card_lastname',
    'card_firstname',
    'card_birthDate',
    'card_birthLocation',
    'card_city',
    'card_phoneNumber',
    'card_memberIdNumber',
    'card_membershipStartDate',
    'card_idNumber',
    'card_expirationDate',
    'card_qrcode',
    'card_photo',
  ],
  other: [
    'card_status',
    'card_printedAt',
    'card_deliveredAt',
    'card_createdAt',
    'card_createdByUser',
    'card_replacesCardId',
    'card_cancelledAt',
    'card_cancelledReason',
    'card_revokedAt',
    'card_revokedReason',
    'card_id',
    'card_memberId',
    'card_transactionId',
    'card_photoFilePath',
  ],
};

const MEMBER_FIELDS: { usual: readonly MemberField[]; other: readonly MemberField[] } = {
  usual: [
    'member_lastname',
    'member_firstname',
    'member_birthDate',
    'member_birthLocation',
    'member_city',
    'member_gender',
    'member_contact',
    'member_idNumber',
    'member_membershipStartDate',
    'member_address',
    'member_district',
    'locality_name',
    'subprefecture_name',
    'department_name',
    'region_name',
    'cooperative_name',
    'member_photo',
  ],
  other: [
    'nationality',
    'otherNationality',
    'ethnicity',
    'contactUrgency',
    'maritalStatus',
    'householdStatus',
    'householdSize',
    'dependentCount',
    'identityDocumentType',
    'identityDocumentNumber',
    'occupation',
    'otherOccupation',
    'educationLevel',
    'canWrite',
    'member_isMainAccount',
    'member_isSpouse',
    'member_isChild',
    'member_mainMemberName',
    'member_orderNumber',
    'member_hasValidCard',
    'member_hasUnusedTransaction',
    'member_photoChecked',
    'member_synchronizationNeeded',
    'member_createdAt',
    'member_createdByUser',
    'updatedAt',
    'updatedByUser',
    'member_uuid',
    'member_id',
    'member_mainMemberId',
    'member_cooperativeId',
    'member_localityId',
    'subprefecture_id',
    'department_id',
    'region_id',
    'member_photoFileName',
    'photoFilePath',
  ],
};

/** The slip's table of cards: six columns, in the order the cards service fills them. */
export const CARDS_TABLE_FIELD = 'delivery_cards';

const DELIVERY_FIELDS: { usual: readonly SlipField[]; other: readonly SlipField[] } = {
  usual: [
    CARDS_TABLE_FIELD,
    'delivery_kind',
    'delivery_code',
    'delivery_quantity',
    'delivery_creationDateTime',
    'delivery_createdByLogin',
    'delivery_sentDateTime',
    'delivery_isErrorType',
  ],
  other: [
    'delivery_sent',
    'delivery_hasProof',
    'delivery_id',
    'delivery_createdByLoginId',
    'delivery_deliveredByLoginId',
  ],
};

/** The field of a card that prints its QR code (the signed identity a reader checks). */
export const QR_FIELD = 'card_qrcode';

/** Every field a template of `type` can print, in the order offered; none for an unknown type. */
export function printableFields(type: string): PrintableField[] {
  if (!isReportType(type)) return [];
  const groups: { usual: readonly string[]; other: readonly string[] } =
    type === 'card' ? CARD_FIELDS : type === 'delivery_slip' ? DELIVERY_FIELDS : MEMBER_FIELDS;
  const labels: Record<string, string> = reportsText.designer.fieldLabels[type];
  const photo = photoField(type);
  const describe = (field: string, usual: boolean): PrintableField => ({
    field,
    label: labels[field] ?? field,
    kind: field === photo ? 'image' : field === QR_FIELD ? 'qrcode' : field === CARDS_TABLE_FIELD ? 'table' : 'text',
    usual,
  });
  return [
    ...groups.usual.map((field) => describe(field, true)),
    ...groups.other.map((field) => describe(field, false)),
  ];
}

/** The French name of the field an element named `name` prints (`card_lastname-2`: « Nom »); `null`: none. */
export function fieldLabel(type: string, name: string): string | null {
  const field = boundField(name);
  return printableFields(type).find((printable) => printable.field === field)?.label ?? null;
}

/** The elements that only draw (a line, a shape): bound to no field, as the server reads them. */
const DRAWINGS = ['line', 'rectangle', 'ellipse'];

/**
 * Why the server would refuse `template` for an element bound to no field of `type` (neither a drawing
 * nor a fixed, read-only element): the first such element named, with the fields that can be chosen by
 * their French names (and their names, which the element's must be); `null` when each is bound.
 */
export function unboundElement(template: ReportTemplate, type: string): string | null {
  if (!isReportType(type)) return null;
  const fields = printableFields(type);
  const known = new Set(fields.map((printable) => printable.field));
  for (const page of template.schemas)
    for (const element of page) {
      if (DRAWINGS.includes(element.type) || element.readOnly === true) continue;
      if (known.has(boundField(element.name ?? ''))) continue;
      return reportsText.designer.unbound(
        element.name ?? '',
        reportsText.designer.ofType[type],
        fields.map((printable) => `${printable.label} (${printable.field})`),
      );
    }
  return null;
}

/** What of a member's record fills a template: the record (`get_member`), and its photo as a data URL. */
export type MemberForPreview = Partial<Member> & Pick<Member, 'member_firstname' | 'member_lastname'>;

/**
 * A member's record as the fields a template of `type` binds, each value as the text printed (`''` for
 * none; dates as `jj/mm/aaaa`, as printing does): for a card, the member's own card when it has
 * one in use (`card`: every field the server prints, its number and QR code included), else the fields a
 * card made for the member would carry (`card_firstname`, `card_memberIdNumber`…); for a member's sheet
 * every field of the record (`member_lastname`, `occupation`…). The photo (`card_photo`, `member_photo`)
 * is `photo`, the grey picture without one (as printed). A delivery slip binds no member field: nothing.
 */
export function memberPreviewData(
  type: string,
  member: MemberForPreview,
  photo = '',
  card: Record<string, unknown> | null = null,
): Record<string, string> {
  if (!fillsWithMember(type)) return {};
  photo ||= PHOTO_PLACEHOLDER;
  if (type === 'card' && card) return { ...asTexts(card), card_photo: photo };
  if (type === 'card')
    return asTexts({
      card_memberId: member.member_id,
      card_memberIdNumber: member.member_idNumber,
      card_firstname: member.member_firstname,
      card_lastname: member.member_lastname,
      card_birthDate: member.member_birthDate,
      card_birthLocation: member.member_birthLocation,
      card_city: member.member_city,
      card_phoneNumber: member.member_contact,
      card_membershipStartDate: member.member_membershipStartDate,
      card_photo: photo,
    });
  return { ...asTexts(member), member_photo: photo };
}

/**
 * The generator's inputs (one document): for each element of the template, the preview record's value of
 * the same name, or of the field it prints (`card_lastname-2` prints `card_lastname`, as the server does),
 * else what the element shows in the designer; the record's other fields as well.
 */
export function previewInputs(template: ReportTemplate, data: Record<string, string>): Record<string, string>[] {
  const input: Record<string, string> = { ...data };
  for (const page of template.schemas)
    for (const element of page) {
      if (element.name in input) continue;
      const field = boundField(element.name);
      if (Object.hasOwn(data, field)) input[element.name] = data[field];
      else if (typeof element.content === 'string') input[element.name] = element.content;
    }
  return [input];
}

/** `base`, or `base-2`, `base-3`… the first name no element of the template has. */
export function freeName(template: ReportTemplate, base: string): string {
  const taken = new Set(template.schemas.flat().map((element) => element.name));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

const FIELD_MARGIN_MM = 4;
const FIELD_HEIGHT_MM = 6;
/** The room kept between a new element and the others, and the step of the search for free space. */
const GAP_MM = 1;
const GRID_MM = 1;
/** How far a new element is put from the last one when the page has no free space for it. */
const CASCADE_MM = 5;

/** A place and size on a page, in millimetres. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const round = (mm: number) => Math.round(mm * 100) / 100;

/**
 * Where an element `width` by `height` goes on a page `page` holding `elements`: the first spot, row by
 * row from the top and from the left on a grid of `GRID_MM`, within the page's margins, where it overlaps
 * no element (with `GAP_MM` between them); when there is none, `CASCADE_MM` right and down from the last
 * element, kept within the page.
 */
export function freeSpot(
  elements: readonly TemplateElement[],
  page: { width: number; height: number },
  width: number,
  height: number,
): { x: number; y: number } {
  const taken: Box[] = elements.map((element) => ({
    x: element.position.x - GAP_MM,
    y: element.position.y - GAP_MM,
    width: element.width + 2 * GAP_MM,
    height: element.height + 2 * GAP_MM,
  }));
  const overlaps = (x: number, y: number) =>
    taken.some((box) => x < box.x + box.width && x + width > box.x && y < box.y + box.height && y + height > box.y);
  const lastX = page.width - FIELD_MARGIN_MM - width;
  const lastY = page.height - FIELD_MARGIN_MM - height;
  for (let y = FIELD_MARGIN_MM; y <= lastY + 1e-9; y += GRID_MM)
    for (let x = FIELD_MARGIN_MM; x <= lastX + 1e-9; x += GRID_MM)
      if (!overlaps(x, y)) return { x: round(x), y: round(y) };
  const last = elements.at(-1);
  const within = (value: number, room: number, size: number) => Math.min(Math.max(0, value), Math.max(0, room - size));
  if (!last)
    return {
      x: round(within(FIELD_MARGIN_MM, page.width, width)),
      y: round(within(FIELD_MARGIN_MM, page.height, height)),
    };
  return {
    x: round(within(last.position.x + CASCADE_MM, page.width, width)),
    y: round(within(last.position.y + CASCADE_MM, page.height, height)),
  };
}

/**
 * The template with one more text element on page `page`, named after the data field `field` (so that the
 * preview and the printing fill it), showing `sample`; placed in free space on the page (`freeSpot`).
 * `defaults`: the text element's other properties (the designer's own defaults).
 */
export function addTextField(
  template: ReportTemplate,
  field: string,
  sample: string,
  defaults: Record<string, unknown> = {},
  page = 0,
): ReportTemplate {
  const { width: pageWidth, height: pageHeight } = templatePage(template);
  const width = Math.min(60, Math.max(10, pageWidth - 2 * FIELD_MARGIN_MM));
  return addInFreeSpace(template, page, width, FIELD_HEIGHT_MM, (position) => ({
    ...defaults,
    name: freeName(template, field),
    type: 'text',
    content: sample,
    position,
    width,
    height: FIELD_HEIGHT_MM,
    fontSize: pageHeight < 100 ? 9 : 12,
  }));
}

/**
 * The template with a picture bound to the photo field `field` (`card_photo`, `member_photo`), a portrait
 * of 4 by 5 in free space on `page`: the server prints the member's photo there. `sample` is the preview
 * data's picture (a data URL), or a grey one.
 */
export function addPhotoField(template: ReportTemplate, field: string, sample: string, page = 0): ReportTemplate {
  const { height: pageHeight } = templatePage(template);
  const width = pageHeight < 100 ? 20 : 32;
  const height = width * 1.25;
  return addInFreeSpace(template, page, width, height, (position) => ({
    name: freeName(template, field),
    type: 'image',
    content: sample.startsWith('data:image/') ? sample : PHOTO_PLACEHOLDER,
    position,
    width,
    height,
  }));
}

/** What a QR code shows in the designer when the preview data has no QR text. */
const QR_PLACEHOLDER = 'SESAME';

/**
 * The template with a QR code bound to `field` (`card_qrcode`: the card's signed identity), square, in
 * free space on `page`: 20 mm on a card (a reader needs 15), 30 mm on an A4 page. `defaults`: the QR
 * element's other properties (the designer's own: colours, rotation).
 */
export function addQrField(
  template: ReportTemplate,
  field: string,
  sample: string,
  defaults: Record<string, unknown> = {},
  page = 0,
): ReportTemplate {
  const { height: pageHeight } = templatePage(template);
  const side = pageHeight < 100 ? 20 : 30;
  return addInFreeSpace(template, page, side, side, (position) => ({
    ...defaults,
    name: freeName(template, field),
    type: 'qrcode',
    content: sample || QR_PLACEHOLDER,
    position,
    width: side,
    height: side,
  }));
}

/** The columns of a slip's table of cards, as the cards service fills them, and their shares of its width. */
const CARDS_TABLE_HEAD = ['N°', 'N° de carte', 'N° de membre', 'Nom et prénoms', 'Naissance', 'Expiration'];
const CARDS_TABLE_WIDTHS = [5.35, 17.2, 17.2, 36.69, 11.47, 12.09];

/**
 * The template with the table of a slip's cards bound to `field`, as wide as the page within its margins,
 * in free space on `page`: its head and one row (`sample`, else an example); the server adds a row a card
 * and carries the rows over to the next pages, the head repeated.
 */
export function addCardsTable(template: ReportTemplate, field: string, sample: string, page = 0): ReportTemplate {
  const { width: pageWidth } = templatePage(template);
  const width = round(pageWidth - 2 * FIELD_MARGIN_MM);
  const cell = (padding: number) => ({
    alignment: 'left',
    verticalAlignment: 'middle',
    fontSize: 8.5,
    lineHeight: 1,
    characterSpacing: 0,
    fontColor: '#111111',
    borderColor: '',
    borderWidth: { top: 0, right: 0, bottom: 0, left: 0 },
    padding: { top: padding, right: 1.41, bottom: padding, left: 1.41 },
  });
  const example = JSON.stringify([['1', 'K000000045', 'C000000123', 'KONÉ Aya', '29/02/1984', '25/11/2031']]);
  return addInFreeSpace(template, page, width, 12.7, (position) => ({
    name: freeName(template, field),
    type: 'table',
    content: sample.startsWith('[') ? sample : example,
    position,
    width,
    height: 12.7,
    showHead: true,
    repeatHead: true,
    head: CARDS_TABLE_HEAD,
    headWidthPercentages: CARDS_TABLE_WIDTHS,
    tableStyles: { borderColor: '', borderWidth: 0 },
    headStyles: { ...cell(1.675), backgroundColor: '#e8e8e8' },
    bodyStyles: {
      ...cell(1.585),
      backgroundColor: '',
      alternateBackgroundColor: '',
      borderColor: '#cccccc',
      borderWidth: { top: 0, right: 0, bottom: 0.18, left: 0 },
    },
    columnStyles: {},
  }));
}

/**
 * The template with an element bound to the printable field `field` of a template of `type`, as it prints
 * (a text, the QR code, the photo), in free space on `page`. `sample`: the preview data's value;
 * `defaults`: the designer's defaults of a text and of a QR code.
 */
export function addField(
  template: ReportTemplate,
  type: string,
  field: string,
  sample: string,
  defaults: { text?: Record<string, unknown>; qrcode?: Record<string, unknown> } = {},
  page = 0,
): ReportTemplate {
  const kind = printableFields(type).find((printable) => printable.field === field)?.kind ?? 'text';
  if (kind === 'image') return addPhotoField(template, field, sample, page);
  if (kind === 'qrcode') return addQrField(template, field, sample, defaults.qrcode, page);
  if (kind === 'table') return addCardsTable(template, field, sample, page);
  return addTextField(template, field, sample, defaults.text, page);
}

/** The size of a template's page, in millimetres (a CR80 card's when the page is a PDF). */
function templatePage(template: ReportTemplate): { width: number; height: number } {
  const size =
    typeof template.basePdf === 'object' ? { width: template.basePdf.width, height: template.basePdf.height } : null;
  return size ?? pageSize('');
}

/** The template with the element `make` builds at the free spot of `page` for one `width` by `height`. */
function addInFreeSpace(
  template: ReportTemplate,
  page: number,
  width: number,
  height: number,
  make: (position: { x: number; y: number }) => TemplateElement,
): ReportTemplate {
  const elements = template.schemas[page] ?? [];
  const position = freeSpot(elements, templatePage(template), width, height);
  const schemas = template.schemas.length > page ? [...template.schemas] : [...template.schemas, []];
  schemas[page] = [...elements, make(position)];
  return { ...template, schemas };
}

/** A PDF's size in words: « 12 Ko », « 1,2 Mo ». */
export function byteSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}
