/** Purchasing is union business: every route is for union staff only (AMCOS users get 403). */
export const purchaseRead = { permission: 'purchase.order.read', audience: 'union' } as const;
export const purchaseWrite = { permission: 'purchase.order.create', audience: 'union' } as const;
export const purchaseApprove = { permission: 'purchase.order.approve', audience: 'union' } as const;
export const paymentWrite = { permission: 'purchase.payment.create', audience: 'union' } as const;
export const paymentApprove = { permission: 'purchase.payment.approve', audience: 'union' } as const;
export const settingsWrite = { permission: 'settings.collection.update', audience: 'union' } as const;
