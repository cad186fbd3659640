// pdfmake 0.3 ships no types; this is the part of its server API the reports use.
declare module 'pdfmake' {
  type Content = Record<string, unknown> | string | Content[];
  type OutputDocument = { getBuffer(): Promise<Buffer> };
  const pdfmake: {
    setFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(doc: { content: Content; [key: string]: unknown }): OutputDocument;
  };
  export default pdfmake;
}
