import { useMutation } from '@tanstack/react-query'
import { api, apiUrl, saveFile } from '../../../lib/api'

/** The address the link shows; the file itself is fetched with the session header, never a token in the URL. */
export const priceListUrl = (warehouse: string) => apiUrl('price-list', { warehouse })

export const downloadPriceList = async (warehouse: string) => saveFile(await api.download('price-list', { warehouse }, `price-list-${warehouse}.xlsx`))

export const useDownloadPriceList = () => useMutation({ mutationFn: downloadPriceList })
