import { describe, expect, it } from 'vitest';
import { sessionAs } from '../../../test/harness.ts';
import { documentDefinition } from '../../platform/document-pdf.ts';
import { markdownToPdf } from '../../platform/markdown-pdf.ts';
import { amcosUser, buyer, manager, t, ureaAndSprayers, usePurchaseScenario } from '../purchase/scenario.ts';
import { approvedOrder, makeSupplier } from '../purchase/testing.ts';
import { printedDocumentTexts } from './queries.ts';

usePurchaseScenario();

const TERMS =
  '## Delivery\n\nDeliver to **Tandahimba store** within *14 days*.\n\n1. Invoice quoting the PO number\n2. Payment 30 days after the GRN';
const NOTE = 'Call the store keeper before delivery:\n\n- Mr Mussa, 0754 000 111';

describe('terms and notes on documents', () => {
  it("saves the union's purchase order terms and an order's note, and prints both on its PDF", async () => {
    const admin = await sessionAs(t, 'Administrator');
    const empty = await t.request<{ data: { terms: string } }>(
      'GET',
      '/settings/document-terms/purchase_order',
      {
        token: manager.access,
      },
    );
    expect(empty.body.data.terms).toBe('');
    const saved = await t.request<{ message: string; data: { terms: string; updatedBy: string } }>(
      'PUT',
      '/settings/document-terms/purchase_order',
      { token: admin.access, body: { terms: `  ${TERMS}  ` } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Terms saved successfully', data: { terms: TERMS } });
    // Terms are union settings: the procurement officer reads them but may not change them.
    const refused = await t.request('PUT', '/settings/document-terms/purchase_order', {
      token: buyer.access,
      body: { terms: 'x' },
    });
    expect(refused.status).toBe(403);
    const bad = await t.request('PUT', '/settings/document-terms/invoice', {
      token: admin.access,
      body: { terms: 'x' },
    });
    expect(bad.status).toBe(400);

    const s = await makeSupplier(t, buyer);
    const order = await approvedOrder(t, buyer, manager, ureaAndSprayers(s.id));
    const note = await t.request<{ message: string; data: { note: string } }>(
      'PUT',
      `/purchase/orders/${order.id}/note`,
      { token: buyer.access, body: { note: NOTE } },
    );
    expect(note.body).toMatchObject({ message: 'Note saved successfully', data: { note: NOTE } });
    const read = await t.request<{ data: { note: string } }>('GET', `/purchase/orders/${order.id}/note`, {
      token: manager.access,
    });
    expect(read.body.data.note).toBe(NOTE);
    expect(
      (await t.request('GET', `/purchase/orders/${order.id}/note`, { token: amcosUser.access })).status,
    ).toBe(403);
    const unknown = await t.request('PUT', '/purchase/orders/00000000-0000-4000-8000-000000000000/note', {
      token: buyer.access,
      body: { note: 'x' },
    });
    expect(unknown.status).toBe(404);
    const history = await t.request<{ data: { action: string; after: unknown }[] }>(
      'GET',
      `/audit/purchase_order/${order.id}`,
      { token: manager.access },
    );
    expect(history.body.data.map((e) => e.after)).toContainEqual({ note: NOTE });

    // What the PDF prints after its lines: the terms, then the note; and the PDF renders with them.
    const texts = await printedDocumentTexts(t.db, 'purchase_order', order.id);
    expect(texts).toEqual([
      { title: 'Terms', markdown: TERMS },
      { title: 'Note', markdown: NOTE },
    ]);
    const pdf = await t.request('GET', `/purchase/orders/${order.id}/pdf`, { token: buyer.access });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  });

  it('prints a markdown subset: headings, bold, italic, numbered and bulleted lists', () => {
    const definition = documentDefinition(undefined, {
      title: 'Purchase order',
      number: 'PO-1',
      fields: [],
      tables: [],
      signatures: [],
      texts: [
        { title: 'Terms', markdown: TERMS },
        { title: 'Note', markdown: NOTE },
        { title: 'Empty', markdown: '  ' },
      ],
    });
    const printed = JSON.stringify(definition.content);
    expect(printed).toContain('"text":"Terms"');
    expect(printed).toContain('"text":"Note"');
    expect(printed).not.toContain('"text":"Empty"');
    expect(markdownToPdf(TERMS)).toEqual([
      { text: [{ text: 'Delivery' }], bold: true, fontSize: 11, margin: [0, 4, 0, 2] },
      {
        text: [
          { text: 'Deliver to ' },
          { text: 'Tandahimba store', bold: true },
          { text: ' within ' },
          { text: '14 days', italics: true },
          { text: '.' },
        ],
        margin: [0, 0, 0, 4],
      },
      {
        ol: [
          { text: [{ text: 'Invoice quoting the PO number' }], margin: [0, 0, 0, 4] },
          { text: [{ text: 'Payment 30 days after the GRN' }], margin: [0, 0, 0, 4] },
        ],
        start: 1,
        margin: [0, 0, 0, 4],
      },
    ]);
    // Raw HTML prints as the text it is, never as markup.
    expect(markdownToPdf('Hello <b>x</b> & co')).toEqual([
      {
        text: [{ text: 'Hello ' }, { text: '<b>' }, { text: 'x' }, { text: '</b>' }, { text: ' & co' }],
        margin: [0, 0, 0, 4],
      },
    ]);
    expect(markdownToPdf('')).toEqual([]);
  });
});
