import { describe, expect, it } from 'vitest';
import { reportListQuery, REPORT_DEFAULTS, defaultBody, type Report } from './api';
import {
  addTextField,
  blankTemplate,
  byteSize,
  freeName,
  isReportType,
  pageSize,
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
