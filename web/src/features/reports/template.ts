// What a report template is, without React nor the designer: its types and their French names, the page
// of each type in millimetres, the designer's JSON read back (a blank page of the type when unreadable),
// the preview data made into the generator's inputs, a member's record made into the same fields (the
// preview with a real member), and a text field of the data added to a page. Pure, so tested alone.
import type { Member } from '../members/api';
import { reportsText } from './fr';

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

/** Each value of `record` as the text the generator prints: empty for none, JSON for a list or an object. */
function asTexts(record: Record<string, unknown>): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [key, item] of Object.entries(record)) {
    if (item === null || item === undefined) data[key] = '';
    else if (typeof item === 'string') data[key] = item;
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

/** What of a member's record fills a template: the record (`get_member`), and its photo as a data URL. */
export type MemberForPreview = Partial<Member> & Pick<Member, 'member_firstname' | 'member_lastname'>;

/**
 * A member's record as the fields a template of `type` binds, each value as the text printed (`''` for
 * none; dates as the server keeps them, as printing does): for a card, the member's own card when it has
 * one in use (`card`: every field the server prints, its number and QR code included), else the fields a
 * card made for the member would carry (`card_firstname`, `card_memberIdNumber`…); for a member's sheet
 * every field of the record (`member_lastname`, `occupation`…). The photo (`card_photo`, `member_photo`)
 * is `photo`, empty without one. A delivery slip binds no member field: nothing.
 */
export function memberPreviewData(
  type: string,
  member: MemberForPreview,
  photo = '',
  card: Record<string, unknown> | null = null,
): Record<string, string> {
  if (!fillsWithMember(type)) return {};
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

/**
 * The template with one more text element on page `page`, named after the data field `field` (so that the
 * preview and the printing fill it), showing `sample`; placed under the elements already there, within the
 * page. `defaults`: the text element's other properties (the designer's own defaults).
 */
export function addTextField(
  template: ReportTemplate,
  field: string,
  sample: string,
  defaults: Record<string, unknown> = {},
  page = 0,
): ReportTemplate {
  const { width: pageWidth, height: pageHeight } = templatePage(template);
  return addBelow(template, page, FIELD_HEIGHT_MM, (y) => ({
    ...defaults,
    name: freeName(template, field),
    type: 'text',
    content: sample,
    position: { x: FIELD_MARGIN_MM, y },
    width: Math.min(60, Math.max(10, pageWidth - 2 * FIELD_MARGIN_MM)),
    height: FIELD_HEIGHT_MM,
    fontSize: pageHeight < 100 ? 9 : 12,
  }));
}

/** A grey picture, shown where a photo field has no sample picture. */
const PHOTO_PLACEHOLDER =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAFCAIAAADtz9qMAAAAD0lEQVR4nGM4gQQYyOAAAPP8LuFvay+sAAAAAElFTkSuQmCC';

/**
 * The template with a picture bound to the photo field `field` (`card_photo`, `member_photo`), a portrait
 * of 4 by 5 under the other elements of `page`: the server prints the member's photo there. `sample` is
 * the preview data's picture (a data URL), or a grey one.
 */
export function addPhotoField(template: ReportTemplate, field: string, sample: string, page = 0): ReportTemplate {
  const { height: pageHeight } = templatePage(template);
  const width = pageHeight < 100 ? 20 : 32;
  const height = width * 1.25;
  return addBelow(template, page, height, (y) => ({
    name: freeName(template, field),
    type: 'image',
    content: sample.startsWith('data:image/') ? sample : PHOTO_PLACEHOLDER,
    position: { x: FIELD_MARGIN_MM, y },
    width,
    height,
  }));
}

/** The size of a template's page, in millimetres (a CR80 card's when the page is a PDF). */
function templatePage(template: ReportTemplate): { width: number; height: number } {
  const size =
    typeof template.basePdf === 'object' ? { width: template.basePdf.width, height: template.basePdf.height } : null;
  return size ?? pageSize('');
}

/** The template with the element `make` builds at the height `y` where one `height` high fits under the
 *  others of `page` (at the foot of the page when they reach it). */
function addBelow(
  template: ReportTemplate,
  page: number,
  height: number,
  make: (y: number) => TemplateElement,
): ReportTemplate {
  const { height: pageHeight } = templatePage(template);
  const elements = template.schemas[page] ?? [];
  const bottom = elements.reduce((lowest, element) => Math.max(lowest, element.position.y + element.height), 0);
  const y = Math.min(Math.max(FIELD_MARGIN_MM, bottom + 1), Math.max(0, pageHeight - height - FIELD_MARGIN_MM));
  const schemas = template.schemas.length > page ? [...template.schemas] : [...template.schemas, []];
  schemas[page] = [...elements, make(Math.round(y * 100) / 100)];
  return { ...template, schemas };
}

/** A PDF's size in words: « 12 Ko », « 1,2 Mo ». */
export function byteSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
}
