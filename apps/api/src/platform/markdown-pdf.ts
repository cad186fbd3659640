import { marked } from 'marked';

/**
 * Markdown written in the editor (union terms, a document's note) as pdfmake content: pdfmake has
 * no markdown. A subset is kept: paragraphs, headings (bold), bold, italic, inline code, links (their
 * text), bulleted and numbered lists (nested), block quotes (italic), rules and line breaks. Images
 * and raw HTML print as their alt text / as text. Uses marked's lexer only, never its HTML.
 */
type Inline = { text: string | Inline[]; bold?: boolean; italics?: boolean; decoration?: string } | string;
type Block = Record<string, unknown>;
type Token = marked.Token;

function inline(tokens: Token[] | undefined, style: { bold?: boolean; italics?: boolean } = {}): Inline[] {
  const out: Inline[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...inline(t.tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...inline(t.tokens, { ...style, italics: true }));
        break;
      case 'del':
        out.push({ text: inline(t.tokens, style), decoration: 'lineThrough' });
        break;
      case 'link':
        out.push(...inline(t.tokens, style));
        break;
      case 'image':
        out.push({ text: t.text ? `[${t.text}]` : '', ...style });
        break;
      case 'br':
        out.push('\n');
        break;
      case 'codespan':
        out.push({ text: decode(t.text), ...style });
        break;
      case 'text':
        if ('tokens' in t && t.tokens && t.tokens.length > 0) out.push(...inline(t.tokens, style));
        else out.push({ text: decode(t.text), ...style });
        break;
      case 'escape':
      case 'html':
        out.push({ text: decode(t.text), ...style });
        break;
      default:
        if ('text' in t && typeof t.text === 'string') out.push({ text: decode(t.text), ...style });
    }
  }
  return out;
}

/** marked's lexer keeps entities as written ("&amp;" stays as typed text "&"): undo its escapes. */
const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'heading':
        out.push({
          text: inline(t.tokens),
          bold: true,
          fontSize: t.depth <= 2 ? 11 : 10,
          margin: [0, 4, 0, 2],
        });
        break;
      case 'paragraph':
        out.push({ text: inline(t.tokens), margin: [0, 0, 0, 4] });
        break;
      case 'list': {
        const items = t.items.map((item: marked.Tokens.ListItem) => {
          const body = blocks(item.tokens);
          return body.length === 1 ? body[0] : { stack: body };
        });
        const list = t.ordered
          ? { ol: items, start: typeof t.start === 'number' ? t.start : 1 }
          : { ul: items };
        out.push({ ...list, margin: [0, 0, 0, 4] });
        break;
      }
      case 'blockquote':
        out.push({ stack: blocks(t.tokens), italics: true, margin: [10, 0, 0, 4] });
        break;
      case 'code':
        out.push({ text: t.text, margin: [0, 0, 0, 4] });
        break;
      case 'hr':
        out.push({
          canvas: [{ type: 'line', x1: 0, y1: 0, x2: 515, y2: 0, lineWidth: 0.5 }],
          margin: [0, 4, 0, 4],
        });
        break;
      case 'table':
        out.push({
          table: {
            body: [
              t.header.map((cell: marked.Tokens.TableCell) => ({ text: inline(cell.tokens), bold: true })),
              ...t.rows.map((row: marked.Tokens.TableCell[]) =>
                row.map((cell) => ({ text: inline(cell.tokens) })),
              ),
            ],
          },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 4],
        });
        break;
      case 'text':
        out.push({
          text: 'tokens' in t && t.tokens ? inline(t.tokens) : decode(t.text),
          margin: [0, 0, 0, 4],
        });
        break;
      case 'html':
        out.push({ text: t.text, margin: [0, 0, 0, 4] });
        break;
      case 'space':
        break;
      default:
        if ('text' in t && typeof t.text === 'string') out.push({ text: t.text });
    }
  }
  return out;
}

/** pdfmake content for a markdown text (an empty list for an empty text). */
export function markdownToPdf(markdown: string): Block[] {
  if (!markdown.trim()) return [];
  return blocks(marked.lexer(markdown, { gfm: true, breaks: true }));
}
