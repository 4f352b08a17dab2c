import { BuyAgainScreen } from '../../features/buy-again/components/buy-again-screen'
import { AddToCartForm } from '../../features/catalogue/components/add-to-cart-form'
import { useShopper } from '../../features/catalogue/shopper'

/** /buy-again: the account's most ordered products, each with the catalogue's quantity and add. */
export function BuyAgainRoute() {
  const shopper = useShopper()
  return (
    <BuyAgainScreen
      warehouse={shopper.warehouse}
      addToCart={(product) => <AddToCartForm key={`${product.ProductID}-${shopper.warehouse}`} product={product} shopper={shopper} />}
    />
  )
}
