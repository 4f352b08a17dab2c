/** The number an order was placed under, when the ERP has since given it its own: the confirmation e-mail has it. */
export const placedAs = (o: { SalesOrder: string; PortalOrderId: string | null }) =>
  o.PortalOrderId && o.PortalOrderId !== o.SalesOrder ? o.PortalOrderId : null
