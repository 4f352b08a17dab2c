import type { MouseEvent } from 'react'
import { notify } from '../../../components/ui/toast'
import { priceListUrl, useDownloadPriceList } from '../api/download-price-list'

/** The footer's 'Price List': the current branch's price list as a file. */
export function PriceListLink({ warehouse, className }: { warehouse: string; className?: string }) {
  const download = useDownloadPriceList()

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    if (download.isPending) return
    download.mutate(warehouse, {
      onError: () => notify.error('The price list could not be downloaded. Please try again.'),
    })
  }

  return (
    <a href={priceListUrl(warehouse)} onClick={onClick} className={className} aria-busy={download.isPending || undefined}>
      {download.isPending ? 'Preparing Price List...' : 'Price List'}
    </a>
  )
}
