import { Menu, MenuContent, MenuLinkItem, MenuNote, MenuSub, MenuSubContent, MenuSubTrigger, MenuTrigger } from '../../../components/ui/menu'
import { useBrands } from '../api/get-brands'
import { groupBrands } from '../brand-groups'
import styles from './catalogue-menu.module.css'

/** The Brand dropdown: one submenu per letter group. */
export function BrandMenu() {
  const { data: brands, isPending, isError } = useBrands()
  const groups = brands ? groupBrands(brands).filter((group) => group.brands.length > 0) : []
  return (
    <Menu modal={false}>
      <MenuTrigger>Brand</MenuTrigger>
      <MenuContent>
        {isPending && <MenuNote>Loading brands...</MenuNote>}
        {isError && <MenuNote>Brands could not be loaded.</MenuNote>}
        {groups.map((group) => (
          <MenuSub key={group.label}>
            <MenuSubTrigger>
              <span>
                {group.label} <span className={styles.count}>({group.brands.length})</span>
              </span>
            </MenuSubTrigger>
            <MenuSubContent>
              {group.brands.map((brand) => (
                <MenuLinkItem key={brand.BrandCode} to={`/brand/${encodeURIComponent(brand.BrandCode)}`}>
                  {brand.Description}
                </MenuLinkItem>
              ))}
            </MenuSubContent>
          </MenuSub>
        ))}
      </MenuContent>
    </Menu>
  )
}
