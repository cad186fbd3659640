import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith('.tsx') ? [full] : [];
  });
}

/** Each `<TextInput ...>` opening tag of a source, props included (braces are followed, so `=>` inside them is no end). */
export function textInputTags(source: string): string[] {
  const tags: string[] = [];
  let from = source.indexOf('<TextInput');
  while (from >= 0) {
    let depth = 0;
    let end = from + '<TextInput'.length;
    for (; end < source.length; end += 1) {
      const c = source[end];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    tags.push(source.slice(from, end + 1));
    from = source.indexOf('<TextInput', end);
  }
  return tags;
}

/** A field name that holds a date: invoiceDate, dueDate, postedOn, startsOn, endsOn, validFrom, validTo. */
const DATE_NAME = /^(?:date(?:[A-Z]\w*)?|\w*Date|\w*[a-z]On|(?:valid|date)(?:From|To))$/;
const NAME_PROPS = /(?:form\.(?:text|control|getInputProps)\(\s*|name=\{?\s*)['"`]([\w.]+)['"`]/g;
/** A placeholder showing the API's date shape, a literal ISO date or its pattern. */
const ISO_PLACEHOLDER = /placeholder=\{?\s*['"`][^'"`]*(?:\d{4}-\d{2}-\d{2}|YYYY-MM-DD|yyyy-mm-dd)/;

/** Why a TextInput tag is a date typed as text, or null when it is not one. */
export function dateAsText(tag: string): string | null {
  if (ISO_PLACEHOLDER.test(tag)) return 'an ISO date placeholder';
  for (const match of tag.matchAll(NAME_PROPS)) {
    const name = (match[1] ?? '').split('.').pop() ?? '';
    if (DATE_NAME.test(name)) return `the date field "${name}"`;
  }
  return null;
}

describe('dates (issue #20)', () => {
  it("no screen uses the browser's native date input: DateField shows the language's format", () => {
    const native = sources(SRC)
      .filter((file) => !file.endsWith('DateField.tsx'))
      .filter((file) => /type=["']date["']/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(native).toEqual([]);
  });

  it('no screen types a date into a TextInput (a date field or an ISO placeholder): DateField does', () => {
    const found = sources(SRC).flatMap((file) =>
      textInputTags(readFileSync(file, 'utf8')).flatMap((tag) => {
        const why = dateAsText(tag);
        return why ? [`${path.relative(SRC, file)}: ${why}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('the check itself finds a date typed as text, and lets other text fields be', () => {
    const source = `
      <TextInput label={t('seasonsMd.start')} placeholder="2026-10-01" required {...form.text('name')} />
      <TextInput label="x" {...form.text('endsOn')} onChange={(e) => set(e.target.value)} />
      <TextInput label="x" {...form.text('invoiceDate')} />
      <TextInput label="x" {...form.text('validFrom')} />
      <TextInput label="x" {...form.text('dateOfBirth')} />
      <TextInput label="x" placeholder="YYYY-MM-DD" />
      <TextInput label="x" {...form.text('reference')} onChange={(e) => set(e.target.value)} />
      <TextInput label="x" placeholder="2026/2027" {...form.text('name')} />
      <TextInput label="x" {...form.text('narration')} />
    `;
    expect(textInputTags(source).map(dateAsText)).toEqual([
      'an ISO date placeholder',
      'the date field "endsOn"',
      'the date field "invoiceDate"',
      'the date field "validFrom"',
      'the date field "dateOfBirth"',
      'an ISO date placeholder',
      null,
      null,
      null,
    ]);
  });
});
