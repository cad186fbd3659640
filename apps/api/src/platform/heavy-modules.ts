import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * exceljs and pdfmake take about half a second to load: the server loads them on the first
 * export, import or PDF instead of at every start.
 */
export async function loadExcelJs() {
  return (await import('exceljs')).default;
}

let pdfmake: Promise<typeof import('pdfmake').default> | undefined;

/** pdfmake with the bundled Roboto fonts and no network or other file access. */
export function loadPdfmake() {
  pdfmake ??= import('pdfmake').then(({ default: pdf }) => {
    const require = createRequire(import.meta.url);
    const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    pdf.setFonts({
      Roboto: {
        normal: path.join(fontDir, 'Roboto-Regular.ttf'),
        bold: path.join(fontDir, 'Roboto-Medium.ttf'),
        italics: path.join(fontDir, 'Roboto-Italic.ttf'),
        bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
      },
    });
    pdf.setUrlAccessPolicy(() => false);
    pdf.setLocalAccessPolicy((file) => file.startsWith(fontDir));
    return pdf;
  });
  return pdfmake;
}
