/** PDFKit's browser build (issue 13 item 2: PDFs with pincodes are made in the browser). */
declare module 'pdfkit/js/pdfkit.standalone.js' {
  import type { PdfCanvas } from '@scr/domain';

  export interface BrowserPdfDocument extends PdfCanvas {
    registerFont(name: string, source: ArrayBuffer): unknown;
    on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
    on(event: 'end', listener: () => void): unknown;
    on(event: 'error', listener: (error: Error) => void): unknown;
    end(): void;
  }

  const PDFDocument: new (options: object) => BrowserPdfDocument;
  export default PDFDocument;
}
