import { useMutation } from '@tanstack/react-query'
import { api, saveFile } from '../../../lib/api'

/** The cart as a PDF, fetched with the session header and saved as cart.pdf. */
export const downloadCartPdf = async (warehouse: string) => saveFile(await api.download('print-cart', { warehouse }, 'cart.pdf'))

export const useDownloadCartPdf = () => useMutation({ mutationFn: downloadCartPdf })
