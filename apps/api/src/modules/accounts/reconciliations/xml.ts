import { fileError } from './statement-line.ts';

/** An XML element: local name (namespace prefix dropped), attributes, children, text. */
export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[name];
    if (value === undefined) throw fileError('XML', `unknown entity ${whole}`);
    return value;
  });
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/**
 * A small, strict XML reader for bank statements: elements, attributes, text, CDATA, comments and
 * the XML declaration. A DOCTYPE is refused (no DTD, so no entity expansion); tags must nest.
 */
export function parseXml(source: string): XmlNode {
  const text = source.replace(/^\uFEFF/, '');
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  const attr = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g;
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const top = stack[stack.length - 1] as XmlNode;
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk.trim() !== '') {
      if (stack.length === 1) throw fileError('XML', 'text outside the root element');
      top.text += decode(chunk);
    }
    if (lt < 0) break;
    if (text.startsWith('<?', lt)) i = endOf(text, '?>', lt);
    else if (text.startsWith('<!--', lt)) i = endOf(text, '-->', lt);
    else if (text.startsWith('<![CDATA[', lt)) {
      const end = endOf(text, ']]>', lt);
      top.text += text.slice(lt + 9, end - 3);
      i = end;
    } else if (text.startsWith('<!', lt)) throw fileError('XML', 'a DOCTYPE is not accepted');
    else {
      tag.lastIndex = lt;
      const m = tag.exec(text);
      if (!m) throw fileError('XML', `malformed tag at character ${lt}`);
      const [, closing, qname = '', attrText = '', selfClosing] = m;
      if (closing) {
        if (stack.length === 1 || top.name !== localName(qname))
          throw fileError('XML', `unexpected </${qname}>`);
        stack.pop();
      } else {
        const node: XmlNode = { name: localName(qname), attrs: {}, children: [], text: '' };
        for (const a of attrText.matchAll(attr))
          node.attrs[localName(a[1] ?? '')] = decode(a[2] ?? a[3] ?? '');
        if (stack.length === 1 && root.children.length > 0)
          throw fileError('XML', 'more than one root element');
        top.children.push(node);
        if (!selfClosing) stack.push(node);
      }
      i = tag.lastIndex;
    }
  }
  if (stack.length !== 1) throw fileError('XML', `<${stack[stack.length - 1]?.name}> is not closed`);
  if (root.children.length === 0) throw fileError('XML', 'the file has no elements');
  return root;
}

function endOf(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  if (at < 0) throw fileError('XML', `"${marker}" missing`);
  return at + marker.length;
}

/** The first descendant along a path of local names, e.g. child(n, 'BookgDt', 'Dt'). */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let at = node;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

export const childText = (node: XmlNode | undefined, ...path: string[]) =>
  child(node, ...path)?.text.trim() || null;
export const childrenNamed = (node: XmlNode | undefined, name: string) =>
  node ? node.children.filter((c) => c.name === name) : [];
