import type { Warehouse } from '@portal/contract/reference'

const hiddenFromSelector = ['Consignment', 'Farmers Mailbox']

/** The branches a customer can choose: not the consignment or Farmers Mailbox locations. */
export function selectableWarehouses(warehouses: Warehouse[]): Warehouse[] {
  return warehouses
    .filter((w) => !hiddenFromSelector.some((hidden) => w.NAME.toLowerCase().includes(hidden.toLowerCase())))
    .sort((a, b) => a.NAME.localeCompare(b.NAME))
}
