// Renders a designer template with the designer library's own generator (@pdfme/generator), with the
// elements the designer offers (web/src/features/reports/plugins.ts), in its default font: the reference
// the server's renderer (services/cards/src/template_render.rs) is compared with.
//
//   node scripts/pdfme-generate.mjs <template.json> <inputs.json> <out.pdf>
//
// inputs.json: one record (an object) or a list of them, one document each.
import { generate } from '@pdfme/generator';
import { barcodes, ellipse, image, line, rectangle, table, text } from '@pdfme/schemas';
import { readFileSync, writeFileSync } from 'node:fs';

const [templatePath, inputsPath, outPath] = process.argv.slice(2);
if (!templatePath || !inputsPath || !outPath) {
  console.error('usage: node scripts/pdfme-generate.mjs <template.json> <inputs.json> <out.pdf>');
  process.exit(2);
}
const template = JSON.parse(readFileSync(templatePath, 'utf8'));
const records = JSON.parse(readFileSync(inputsPath, 'utf8'));
// As the designer's preview does: every value is the text the generator prints.
const inputs = (Array.isArray(records) ? records : [records]).map((record) =>
  Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  ),
);
const plugins = { text, image, qrcode: barcodes.qrcode, rectangle, ellipse, line, table };
const pdf = await generate({ template, inputs, plugins });
writeFileSync(outPath, pdf);
