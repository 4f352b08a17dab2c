import { useMutation } from '@tanstack/react-query'
import { api, saveFile } from '../../../lib/api'

export type AttachmentRef = { productId: number; attachmentId: number; fileName: string }

/** A product's document, fetched with the session header and handed to the browser as a download. */
export const downloadAttachment = async ({ productId, attachmentId, fileName }: AttachmentRef) =>
  saveFile(await api.download(`product/${productId}/attachment/${attachmentId}`, undefined, fileName))

export const useDownloadAttachment = () => useMutation({ mutationFn: downloadAttachment })
