// The elements a template may hold, as the designer offers them (French names) and the generator draws
// them: text, image, QR code, bar code, rectangle, ellipse, line, table (a delivery slip's cards). Shared by the designer and the preview,
// which must know the same elements.
import type { Plugins } from '@pdfme/common';
import { barcodes, ellipse, image, line, rectangle, table, text } from '@pdfme/schemas';
import { reportsText } from './fr';

const names = reportsText.designer.plugins;

export const reportPlugins: Plugins = {
  [names.text]: text,
  [names.image]: image,
  [names.qrcode]: barcodes.qrcode,
  [names.code128]: barcodes.code128,
  [names.rectangle]: rectangle,
  [names.ellipse]: ellipse,
  [names.line]: line,
  [names.table]: table,
};

/** The properties of a new text element, as the designer gives them. */
export const textDefaults: Record<string, unknown> = { ...text.propPanel.defaultSchema };

/** The properties of a new QR code, as the designer gives them (colours, rotation). */
export const qrDefaults: Record<string, unknown> = { ...barcodes.qrcode.propPanel.defaultSchema };
