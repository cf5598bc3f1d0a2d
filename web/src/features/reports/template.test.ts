import { describe, expect, it } from 'vitest';
import { reportListQuery, REPORT_DEFAULTS, defaultBody, type Report } from './api';
import {
  addPhotoField,
  addTextField,
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
      card_birthDate: '1990-04-01',
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
      card_expirationDate: '2031-11-27',
      card_qrcode: 'NCFOXN%TS3DH3ZSUZK',
      card_printedAt: null,
    };
    expect(memberPreviewData('card', member, 'data:image/jpeg;base64,BBB', card)).toMatchObject({
      card_idNumber: 'CARTE-000031',
      card_memberIdNumber: 'C000000797',
      card_expirationDate: '2031-11-27',
      card_qrcode: 'NCFOXN%TS3DH3ZSUZK',
      card_printedAt: '',
      card_photo: 'data:image/jpeg;base64,BBB',
    });
    // A member's sheet is the record's, whatever the cards.
    expect(memberPreviewData('member_sheet', member, '', card)).not.toHaveProperty('card_qrcode');
  });

  it('fills a member sheet with every field of the record, and no photo when there is none', () => {
    const sheet = memberPreviewData('member_sheet', member);
    expect(sheet).toMatchObject({
      member_lastname: 'Kouassi',
      member_birthDate: '1990-04-01',
      member_membershipStartDate: '',
      member_isSpouse: 'false',
      occupation: 'planteur',
      householdSize: '5',
      member_photo: '',
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
      card_photo: '',
    });
    expect(bindsField(template, 'card_photo')).toBe(true);
    expect(bindsField(template, 'member_photo')).toBe(false);
    expect(boundField('card_lastname-2')).toBe('card_lastname');
    expect(boundField('card_photo')).toBe('card_photo');
  });
});

describe('addPhotoField', () => {
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
