import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Menu, MenuContent, MenuNote, MenuTrigger } from './menu'

describe('a menu before its code is in', () => {
  it('opens when Radix arrives, after a press on the plain trigger that no click follows', async () => {
    render(
      <Menu>
        <MenuTrigger>Category</MenuTrigger>
        <MenuContent>
          <MenuNote>Nothing yet</MenuNote>
        </MenuContent>
      </Menu>,
    )
    const plain = screen.getByRole('button', { name: 'Category' })
    expect(plain).not.toHaveAttribute('id')
    // The Radix trigger takes the plain one's place between the press and the release: no click follows.
    fireEvent.pointerDown(plain, { button: 0 })
    const menu = await screen.findByRole('menu', { name: 'Category' })
    expect(menu).toHaveTextContent('Nothing yet')
  })
})
