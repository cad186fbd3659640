/** Route pieces the sales billing areas share: union staff only, like every billing route. */
export const read = { permission: 'sales.invoice.read', audience: 'union' } as const;
/** Invoices, group invoices and release notes are written under the same permission. */
export const invoiceWrite = { permission: 'sales.invoice.create', audience: 'union' } as const;
