import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reportListQuery, REPORT_DEFAULTS, defaultBody, type Report } from './api';
import {
  addField,
  addPhotoField,
  PHOTO_PLACEHOLDER,
  addTextField,
  fieldLabel,
  freeSpot,
  printableFields,
  unboundElement,
  bindsField,
  blankTemplate,
  boundField,
  byteSize,
  fillsWithMember,
  freeName,
  isReportType,
  memberPreviewData,
  pageSize,
  photoField,
  parsePreviewData,
  parseTemplate,
  previewInputs,
  templateJson,
  typeLabel,
  typeOptions,
} from './template';

describe('report types', () => {
  it('names each type in French', () => {
    expect(typeLabel('card')).toBe('Carte');
    expect(typeLabel('delivery_slip')).toBe('Bordereau de livraison');
    expect(typeLabel('member_sheet')).toBe('Fiche adhérent');
    expect(typeLabel('list_export')).toBe('Export de liste');
    expect(typeLabel('poster')).toBe('poster');
    expect(typeLabel(undefined)).toBe('');
    expect(typeOptions().map((option) => option.label)).toEqual([
      'Carte',
      'Bordereau de livraison',
      'Fiche adhérent',
      'Export de liste',
    ]);
  });

  it('knows only its four types', () => {
    expect(isReportType('card')).toBe(true);
    expect(isReportType('Carte')).toBe(false);
    expect(isReportType(null)).toBe(false);
  });

  it('gives a card a CR80 page and the others an A4 page, in millimetres', () => {
    expect(pageSize('card')).toEqual({ width: 85.6, height: 53.98 });
    expect(pageSize('member_sheet')).toEqual({ width: 210, height: 297 });
    expect(blankTemplate('card')).toEqual({
      basePdf: { width: 85.6, height: 53.98, padding: [0, 0, 0, 0] },
      schemas: [[]],
    });
  });
});

describe('parseTemplate', () => {
  it('reads the designer JSON back', () => {
    const kept = { basePdf: { width: 85.6, height: 53.98, padding: [0, 0, 0, 0] }, schemas: [[{ name: 'nom' }]] };
    const { template, readable } = parseTemplate(JSON.stringify(kept), 'card');
    expect(readable).toBe(true);
    expect(template).toEqual(kept);
    expect(JSON.parse(templateJson(template))).toEqual(kept);
  });

  it('turns a page kept as elements by name into a list', () => {
    const kept = { basePdf: { width: 210, height: 297 }, schemas: [{ nom: { type: 'text', width: 10 } }] };
    const { template } = parseTemplate(JSON.stringify(kept), 'member_sheet');
    expect(template.schemas[0]).toEqual([{ name: 'nom', type: 'text', width: 10 }]);
  });

  it('shows a blank page of the type for what it cannot read', () => {
    for (const bad of ['', 'pas du JSON', '[1, 2]', '{"schemas": [[]]}', '{"basePdf": {}, "schemas": 3}', null]) {
      const { template, readable } = parseTemplate(bad, 'card');
      expect(readable).toBe(false);
      expect(template).toEqual(blankTemplate('card'));
    }
  });
});

describe('preview data', () => {
  it('turns every value into the text printed', () => {
    expect(parsePreviewData('{"a": "Aya", "n": 12, "ok": true, "none": null, "list": [1]}')).toEqual({
      a: 'Aya',
      n: '12',
      ok: 'true',
      none: '',
      list: '[1]',
    });
    expect(parsePreviewData('[1]')).toEqual({});
    expect(parsePreviewData('cassé')).toEqual({});
    expect(parsePreviewData(undefined)).toEqual({});
  });

  it('fills each element from the data of its name, else from what it shows', () => {
    const template = {
      ...blankTemplate('card'),
      schemas: [
        [
          { name: 'card_firstname', type: 'text', position: { x: 0, y: 0 }, width: 10, height: 5, content: 'Prénom' },
          { name: 'titre', type: 'text', position: { x: 0, y: 0 }, width: 10, height: 5, content: 'Carte' },
          { name: 'cadre', type: 'rectangle', position: { x: 0, y: 0 }, width: 10, height: 5 },
        ],
      ],
    };
    expect(previewInputs(template, { card_firstname: 'Aya', card_city: 'Gagnoa' })).toEqual([
      { card_firstname: 'Aya', card_city: 'Gagnoa', titre: 'Carte' },
    ]);
  });
});

describe('the values as printed', () => {
  it('prints a day and a moment as jj/mm/aaaa, as the server does, and any other text as it is', () => {
    const data = parsePreviewData(
      JSON.stringify({ a: '2031-12-07', b: '2026-11-23T10:05:00', c: 'K000000142', d: '1984', e: 'Né le 2031-12-07' }),
    );
    expect(data).toEqual({ a: '07/12/2031', b: '23/11/2026 10:05', c: 'K000000142', d: '1984', e: 'Né le 2031-12-07' });
  });
});

describe('the preview with a member', () => {
  const member = {
    member_id: 7,
    member_idNumber: 'C000000797',
    member_firstname: 'Awa',
    member_lastname: 'Kouassi',
    member_birthDate: '1990-04-01',
    member_birthLocation: 'Daloa',
    member_city: 'Zaïbo',
    member_contact: '0700000000',
    member_membershipStartDate: null,
    member_isSpouse: false,
    occupation: 'planteur',
    householdSize: 5,
  };

  it('fills a card as a card made for the member would, its photo too', () => {
    expect(memberPreviewData('card', member, 'data:image/jpeg;base64,AAA')).toEqual({
      card_memberId: '7',
      card_memberIdNumber: 'C000000797',
      card_firstname: 'Awa',
      card_lastname: 'Kouassi',
      card_birthDate: '01/04/1990',
      card_birthLocation: 'Daloa',
      card_city: 'Zaïbo',
      card_phoneNumber: '0700000000',
      card_membershipStartDate: '',
      card_photo: 'data:image/jpeg;base64,AAA',
    });
  });

  it('fills a card with the member’s own card when it has one: its number, dates and QR code', () => {
    const card = {
      card_id: 31,
      card_idNumber: 'CARTE-000031',
      card_memberId: 7,
      card_memberIdNumber: 'C000000797',
      card_firstname: 'Awa',
      card_lastname: 'Kouassi',
      card_expirationDate: '27/11/2031',
      card_qrcode: 'NCFOXN%TS3DH3ZSUZK',
      card_printedAt: null,
    };
    expect(memberPreviewData('card', member, 'data:image/jpeg;base64,BBB', card)).toMatchObject({
      card_idNumber: 'CARTE-000031',
      card_memberIdNumber: 'C000000797',
      card_expirationDate: '27/11/2031',
      card_qrcode: 'NCFOXN%TS3DH3ZSUZK',
      card_printedAt: '',
      card_photo: 'data:image/jpeg;base64,BBB',
    });
    // A member's sheet is the record's, whatever the cards.
    expect(memberPreviewData('member_sheet', member, '', card)).not.toHaveProperty('card_qrcode');
  });

  it('fills a member sheet with every field of the record, and the grey picture when there is no photo', () => {
    const sheet = memberPreviewData('member_sheet', member);
    expect(sheet).toMatchObject({
      member_lastname: 'Kouassi',
      member_birthDate: '01/04/1990',
      member_membershipStartDate: '',
      member_isSpouse: 'false',
      occupation: 'planteur',
      householdSize: '5',
      member_photo: PHOTO_PLACEHOLDER,
    });
    expect(memberPreviewData('list_export', member).member_idNumber).toBe('C000000797');
  });

  it('fills no delivery slip, which binds no member field', () => {
    expect(fillsWithMember('delivery_slip')).toBe(false);
    expect(fillsWithMember('poster')).toBe(false);
    expect(fillsWithMember('card')).toBe(true);
    expect(memberPreviewData('delivery_slip', member)).toEqual({});
    expect(photoField('delivery_slip')).toBeNull();
    expect(photoField('card')).toBe('card_photo');
    expect(photoField('member_sheet')).toBe('member_photo');
  });

  it('overrides the sample with the member, the sample filling what the record does not carry', () => {
    const template = {
      ...blankTemplate('card'),
      schemas: [
        [
          { name: 'card_lastname', type: 'text', position: { x: 0, y: 0 }, width: 10, height: 5, content: 'Koné' },
          { name: 'card_lastname-2', type: 'text', position: { x: 0, y: 6 }, width: 10, height: 5, content: 'Koné' },
          { name: 'card_idNumber', type: 'text', position: { x: 0, y: 0 }, width: 10, height: 5, content: 'K1' },
          { name: 'card_photo', type: 'image', position: { x: 0, y: 0 }, width: 10, height: 5, content: 'data:x' },
        ],
      ],
    };
    const sample = { card_lastname: 'Koné', card_idNumber: 'K000000045' };
    const [input] = previewInputs(template, { ...sample, ...memberPreviewData('card', member) });
    expect(input).toMatchObject({
      card_lastname: 'Kouassi',
      'card_lastname-2': 'Kouassi',
      card_idNumber: 'K000000045',
      card_photo: PHOTO_PLACEHOLDER,
    });
    expect(bindsField(template, 'card_photo')).toBe(true);
    expect(bindsField(template, 'member_photo')).toBe(false);
    expect(boundField('card_lastname-2')).toBe('card_lastname');
    expect(boundField('card_photo')).toBe('card_photo');
  });
});

describe('addPhotoField', () => {
  it('adds the table of a slip’s cards, as wide as the page within its margins, its six columns filled', () => {
    const slip = addField(blankTemplate('delivery_slip'), 'delivery_slip', 'delivery_cards', '');
    const [table] = slip.schemas[0];
    expect(table).toMatchObject({ name: 'delivery_cards', type: 'table', width: 202, repeatHead: true });
    const columns = (table as unknown as { headWidthPercentages: number[]; head: string[] }).headWidthPercentages;
    expect(columns.reduce((sum, share) => sum + share, 0)).toBeCloseTo(100, 6);
    const rows = JSON.parse(String(table.content)) as string[][];
    expect(rows[0]).toHaveLength(6);
  });

  it('adds a portrait picture bound to the photo field, under the others, within the page', () => {
    const withName = addTextField(blankTemplate('card'), 'card_lastname', 'Koné');
    const card = addPhotoField(withName, 'card_photo', '');
    expect(card.schemas[0][1]).toMatchObject({ name: 'card_photo', type: 'image', width: 20, height: 25 });
    expect(card.schemas[0][1].position).toEqual({ x: 4, y: 11 });
    expect(String(card.schemas[0][1].content)).toMatch(/^data:image\/png;base64,/);
    const { height } = pageSize('card');
    const lowest = card.schemas[0][1].position.y + card.schemas[0][1].height;
    expect(lowest).toBeLessThanOrEqual(height);
    // The preview data's picture is shown when there is one; a second photo gets a name of its own.
    const again = addPhotoField(card, 'card_photo', 'data:image/jpeg;base64,AAAA');
    expect(again.schemas[0][2]).toMatchObject({ name: 'card_photo-2', content: 'data:image/jpeg;base64,AAAA' });
    expect(again.schemas[0][2].position.y + again.schemas[0][2].height).toBeLessThanOrEqual(height);
    // On an A4 page, a larger one.
    const sheet = addPhotoField(blankTemplate('member_sheet'), 'member_photo', 'texte');
    expect(sheet.schemas[0][0]).toMatchObject({ type: 'image', width: 32, height: 40 });
    expect(String(sheet.schemas[0][0].content)).toMatch(/^data:image\/png/);
  });
});

describe('addTextField', () => {
  it('adds a text element named after the field, under the others, within the page', () => {
    const start = blankTemplate('card');
    const one = addTextField(start, 'card_firstname', 'Aya', { fontColor: '#000000', fontSize: 13 });
    expect(start.schemas[0]).toEqual([]);
    expect(one.schemas[0]).toHaveLength(1);
    expect(one.schemas[0][0]).toMatchObject({
      name: 'card_firstname',
      type: 'text',
      content: 'Aya',
      fontColor: '#000000',
      fontSize: 9,
      position: { x: 4, y: 4 },
      height: 6,
      width: 60,
    });
    const two = addTextField(one, 'card_firstname', 'Aya');
    expect(two.schemas[0][1].name).toBe('card_firstname-2');
    expect(two.schemas[0][1].position.y).toBe(11);
    let full = two;
    for (let i = 0; i < 10; i++) full = addTextField(full, 'x', '');
    const lowest = Math.max(...full.schemas[0].map((element) => element.position.y + element.height));
    expect(lowest).toBeLessThanOrEqual(53.98);
  });

  it('uses a larger text on an A4 page, and adds a page when asked for one not there', () => {
    const sheet = addTextField(blankTemplate('member_sheet'), 'member_lastname', 'Koné', {}, 1);
    expect(sheet.schemas).toHaveLength(2);
    expect(sheet.schemas[1][0]).toMatchObject({ fontSize: 12, name: 'member_lastname' });
  });

  it('names a field freely', () => {
    const template = addTextField(addTextField(blankTemplate('card'), 'a', ''), 'a', '');
    expect(freeName(template, 'a')).toBe('a-3');
    expect(freeName(template, 'b')).toBe('b');
  });
});

describe('the fields a template prints', () => {
  /** The fields of a record as the API (and the server's check, from the same proto message) names them. */
  const openapi = JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../openapi.json'), 'utf8'),
  ) as {
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };
  const recordFields = (schema: 'Card' | 'Member' | 'Delivery') =>
    Object.keys(openapi.components.schemas[schema].properties);

  it('offers every field the server accepts, each once, by a French name of its own', () => {
    const expected = {
      card: [...recordFields('Card'), 'card_photo'],
      delivery_slip: [...recordFields('Delivery'), 'delivery_cards', 'delivery_kind'],
      member_sheet: [...recordFields('Member'), 'member_photo'],
      list_export: [...recordFields('Member'), 'member_photo'],
    };
    for (const [type, fields] of Object.entries(expected)) {
      const printable = printableFields(type);
      expect(printable.map((field) => field.field).sort(), type).toEqual([...fields].sort());
      const labels = printable.map((field) => field.label);
      expect(new Set(labels).size, `${type}: one French name per field`).toBe(labels.length);
      for (const field of printable) expect(field.label, field.field).not.toBe(field.field);
    }
    expect(printableFields('poster')).toEqual([]);
  });

  it('names the card’s fields in French: the phone, the membership, the QR code and the photo among the usual', () => {
    const card = printableFields('card');
    const usual = card.filter((field) => field.usual);
    expect(usual.map((field) => field.field)).toEqual(
      expect.arrayContaining(['card_phoneNumber', 'card_membershipStartDate', 'card_qrcode', 'card_photo']),
    );
    expect(card.find((field) => field.field === 'card_qrcode')).toMatchObject({
      label: 'QR code de la carte',
      kind: 'qrcode',
    });
    expect(card.find((field) => field.field === 'card_photo')).toMatchObject({ kind: 'image' });
    expect(card.filter((field) => field.kind === 'text')).toHaveLength(card.length - 2);
    expect(fieldLabel('card', 'card_expirationDate')).toBe("Date d'expiration");
    expect(fieldLabel('card', 'card_lastname-2')).toBe('Nom');
    expect(fieldLabel('card', 'card_phoneNumber')).toBe('Téléphone');
    expect(fieldLabel('card', 'card_membershipStartDate')).toBe("Date d'adhésion");
    expect(fieldLabel('card', 'Champ4')).toBeNull();
    expect(fieldLabel('member_sheet', 'member_contact')).toBe('Téléphone');
    expect(printableFields('member_sheet').find((field) => field.field === 'member_photo')?.kind).toBe('image');
    const slip = printableFields('delivery_slip');
    expect(slip.find((field) => field.field === 'delivery_cards')).toMatchObject({ kind: 'table', usual: true });
    expect(slip.filter((field) => field.kind === 'text')).toHaveLength(slip.length - 1);
  });

  it('inserts the QR code as a QR element bound to card_qrcode, large enough to be read', () => {
    const card = addField(blankTemplate('card'), 'card', 'card_qrcode', '', { qrcode: { barColor: '#000000' } });
    expect(card.schemas[0][0]).toMatchObject({
      name: 'card_qrcode',
      type: 'qrcode',
      width: 20,
      height: 20,
      barColor: '#000000',
      position: { x: 4, y: 4 },
    });
    expect(String(card.schemas[0][0].content)).not.toBe('');
    const photo = addField(card, 'card', 'card_photo', '');
    expect(photo.schemas[0][1]).toMatchObject({ name: 'card_photo', type: 'image' });
    const name = addField(photo, 'card', 'card_lastname', 'Koné', { text: { fontColor: '#000000' } });
    expect(name.schemas[0][2]).toMatchObject({ name: 'card_lastname', type: 'text', content: 'Koné' });
  });

  it('refuses, in French, an element bound to no field, listing the fields by their French names', () => {
    const element = (name: string, type = 'text', extra = {}) => ({
      name,
      type,
      position: { x: 4, y: 4 },
      width: 20,
      height: 20,
      ...extra,
    });
    const template = (...elements: ReturnType<typeof element>[]) => ({ ...blankTemplate('card'), schemas: [elements] });
    expect(unboundElement(template(element('card_qrcode', 'qrcode'), element('card_lastname-2')), 'card')).toBeNull();
    expect(
      unboundElement(template(element('Forme', 'rectangle'), element('Titre', 'text', { readOnly: true })), 'card'),
    ).toBeNull();
    const refused = unboundElement(template(element('card_lastname'), element('Champ4', 'qrcode')), 'card') ?? '';
    expect(refused).toMatch(/^L’élément « Champ4 » n’est lié à aucun champ d’une carte/);
    expect(refused).toContain('QR code de la carte (card_qrcode)');
    expect(refused).toContain('Téléphone (card_phoneNumber)');
    expect(refused).toContain("Date d'adhésion (card_membershipStartDate)");
    for (const field of printableFields('card')) expect(refused).toContain(`(${field.field})`);
  });
});

describe('freeSpot', () => {
  const card = pageSize('card');
  const at = (x: number, y: number, width: number, height: number) => ({
    name: 'e',
    type: 'text',
    position: { x, y },
    width,
    height,
  });

  it('puts a new element in the first free place, row by row from the top left, clear of the others', () => {
    expect(freeSpot([], card, 20, 20)).toEqual({ x: 4, y: 4 });
    // Beside an element when there is room at its right, under it when there is not.
    expect(freeSpot([at(4, 4, 20, 20)], card, 20, 20)).toEqual({ x: 25, y: 4 });
    expect(freeSpot([at(4, 4, 60, 6)], card, 60, 6)).toEqual({ x: 4, y: 11 });
    // Never on top of any element: each spot checked against all of them.
    const crowded = [at(4, 4, 30, 40), at(40, 4, 40, 10), at(40, 20, 10, 10)];
    const spot = freeSpot(crowded, card, 20, 20);
    expect(spot).toEqual({ x: 51, y: 15 });
    for (const element of crowded) {
      const apart =
        spot.x >= element.position.x + element.width ||
        spot.x + 20 <= element.position.x ||
        spot.y >= element.position.y + element.height ||
        spot.y + 20 <= element.position.y;
      expect(apart).toBe(true);
    }
  });

  it('offsets from the last element, within the page, when the page is full', () => {
    const full = [at(0, 0, 85.6, 53.98)];
    expect(freeSpot(full, card, 20, 20)).toEqual({ x: 5, y: 5 });
    const corner = [at(0, 0, 85.6, 53.98), at(60, 30, 20, 20)];
    expect(freeSpot(corner, card, 20, 20)).toEqual({ x: 65, y: 33.98 });
  });

  it('places inserted elements one after the other without overlap', () => {
    let template = blankTemplate('card');
    for (const field of ['card_lastname', 'card_firstname', 'card_qrcode', 'card_photo'])
      template = addField(template, 'card', field, '');
    const elements = template.schemas[0];
    for (const [i, a] of elements.entries())
      for (const b of elements.slice(i + 1)) {
        const apart =
          a.position.x >= b.position.x + b.width ||
          b.position.x >= a.position.x + a.width ||
          a.position.y >= b.position.y + b.height ||
          b.position.y >= a.position.y + a.height;
        expect(apart, `${a.name} and ${b.name}`).toBe(true);
      }
  });
});

describe('the list and its writes', () => {
  it('asks for a page with the type and the search, none when empty', () => {
    expect(reportListQuery({ ...REPORT_DEFAULTS, type: 'card', filter: '  carte ' })).toEqual({
      _limit: 50,
      _offset: 0,
      _orderBy: 'report_name',
      _descending: false,
      type: 'card',
      filter: 'carte',
    });
    expect(reportListQuery(REPORT_DEFAULTS)).toMatchObject({ type: undefined, filter: undefined });
  });

  it('makes a template the default with all else unchanged', () => {
    const report = {
      report_id: 4,
      report_name: 'Carte 2026',
      report_type: 'card',
      report_description: 'Bleue',
      report_isDefault: false,
    } as Report;
    expect(defaultBody(report)).toMatchObject({
      report_id: 4,
      report_name: 'Carte 2026',
      report_type: 'card',
      report_description: 'Bleue',
      report_isDefault: true,
      report_previewData: null,
    });
  });

  it('says a PDF size in words', () => {
    expect(byteSize(300)).toBe('1 Ko');
    expect(byteSize(20 * 1024)).toBe('20 Ko');
    expect(byteSize(1.25 * 1024 * 1024)).toMatch(/^1,[23] Mo$/);
  });
});

describe('the designer controls named', () => {
  it('names an icon-only button from its title, its icon or what it does', async () => {
    const { buttonName } = await import('./designerA11y');
    const unnamed = { className: 'ant-btn', textContent: '', ariaLabel: null, innerTitle: null };
    expect(buttonName({ ...unnamed, innerTitle: 'Texte' })).toBe('Texte');
    expect(buttonName({ ...unnamed, className: 'ant-btn pdfme-designer-sidebar-toggle' })).toBe(
      'Afficher ou masquer le panneau des propriétés',
    );
    expect(buttonName({ ...unnamed, className: 'ant-btn ant-dropdown-trigger' })).toBe('Plus d’actions');
    expect(buttonName({ ...unnamed, iconClass: 'lucide lucide-grip-vertical', rowText: ' card_firstname ' })).toBe(
      'Déplacer card_firstname dans la liste',
    );
    expect(buttonName({ ...unnamed, id: 'left' })).toBe('Aligner à gauche');
    expect(buttonName({ ...unnamed, id: 'horizontal' })).toBe('Répartir horizontalement');
    expect(buttonName({ ...unnamed, iconClass: 'lucide lucide-menu' })).toBe('Retour à la liste des champs');
    expect(buttonName({ ...unnamed, iconClass: 'lucide lucide-x', id: '6168d6d1' })).toBe('Supprimer l’élément');
    expect(buttonName({ ...unnamed, textContent: 'Aperçu' })).toBeNull();
    expect(buttonName({ ...unnamed, ariaLabel: 'Fermer' })).toBeNull();
    expect(buttonName(unnamed)).toBeNull();
  });
});
