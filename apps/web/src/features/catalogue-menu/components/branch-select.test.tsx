import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { warehouses } from '../../../test/factories'
import { selectableWarehouses } from '../warehouses'
import { BranchSelect } from './branch-select'

describe('the branch selector', () => {
  it('leaves out the Consignment and Farmers Mailbox locations', () => {
    render(<BranchSelect warehouses={warehouses} value="WAG" onChange={() => undefined} />)
    const options = screen.getAllByRole('option').map((o) => o.textContent)
    expect(options).toEqual(['Adelaide', 'Melbourne', 'Wagga Wagga'])
    expect(screen.queryByRole('option', { name: /Consignment/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('option', { name: /Farmers Mailbox/ })).not.toBeInTheDocument()
  })

  it('offers an account with a branch group only the branches of its group', () => {
    render(<BranchSelect warehouses={warehouses} group={['WAG', 'ADE']} value="WAG" onChange={() => undefined} />)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Adelaide', 'Wagga Wagga'])
  })

  it('is a labelled select showing the current branch', () => {
    render(<BranchSelect warehouses={warehouses} value="MEL" onChange={() => undefined} />)
    expect(screen.getByLabelText('Branch')).toHaveValue('MEL')
  })

  it('reports the branch chosen', async () => {
    const onChange = vi.fn()
    render(<BranchSelect warehouses={warehouses} value="WAG" onChange={onChange} />)
    await userEvent.selectOptions(screen.getByLabelText('Branch'), 'Adelaide')
    expect(onChange).toHaveBeenCalledWith('ADE')
  })

  it('matches the hidden names in any case, anywhere in the name', () => {
    const names = selectableWarehouses([
      { LocationID: 'X1', NAME: 'MELBOURNE CONSIGNMENT' },
      { LocationID: 'X2', NAME: 'Wagga farmers mailbox' },
      { LocationID: 'X3', NAME: 'Tamworth' },
    ]).map((w) => w.NAME)
    expect(names).toEqual(['Tamworth'])
  })
})
