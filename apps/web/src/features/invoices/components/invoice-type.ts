/** INV is an invoice, CRN a credit note; anything else is shown as the code it is. */
export function invoiceTypeName(type: string): string {
  if (type === 'INV') return 'Invoice'
  if (type === 'CRN') return 'Credit Note'
  return type
}
