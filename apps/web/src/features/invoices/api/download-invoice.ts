import { useMutation } from '@tanstack/react-query'
import { api, saveFile } from '../../../lib/api'

export const downloadInvoice = async (id: string) => saveFile(await api.download(`invoices/${encodeURIComponent(id)}/pdf`, undefined, `${id}.pdf`))

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice })
