import type { Warehouse } from '@portal/contract/reference'

const hiddenFromSelector = ['Consignment', 'Farmers Mailbox']

/**
 * The branches a customer can choose: not the consignment or Farmers Mailbox locations, and for an
 * account with a branch group (resellers) only the group's branches, the only ones its cart takes.
 */
export function selectableWarehouses(warehouses: Warehouse[], group: string[] = []): Warehouse[] {
  return warehouses
    .filter((w) => !hiddenFromSelector.some((hidden) => w.NAME.toLowerCase().includes(hidden.toLowerCase())))
    .filter((w) => group.length === 0 || group.includes(w.LocationID))
    .sort((a, b) => a.NAME.localeCompare(b.NAME))
}
