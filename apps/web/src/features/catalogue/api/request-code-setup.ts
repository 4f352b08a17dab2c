import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CodeSetupBody } from '@portal/contract/catalogue'
import type { Message } from '@portal/contract/common'
import { api } from '../../../lib/api'
import { catalogueKeys } from './query-keys'

export const requestCodeSetup = (body: CodeSetupBody) => api.post<Message>('products/code-setup', body)

/** Resellers ask for a product to be set up under their code; the product page then shows it as requested. */
export const useRequestCodeSetup = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: requestCodeSetup,
    onSuccess: (_, { id, warehouse }) => queryClient.invalidateQueries({ queryKey: catalogueKeys.product(id, warehouse) }),
  })
}
