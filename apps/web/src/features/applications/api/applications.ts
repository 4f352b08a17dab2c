import type { ApplicationBody, ApplicationFile, ApplicationReceived, ReplyBody, ReplyQuestion } from '@portal/contract/applications'
import type { Warehouse } from '@portal/contract/reference'
import { api } from '../../../lib/api'

/** Applying for a trade account (decision 0103): public calls, made without a session. */
export const applicationsApi = {
  branches: (signal?: AbortSignal) => api.get<Warehouse[]>('warehouses', undefined, signal),
  submit: (body: ApplicationBody) => api.post<ApplicationReceived>('applications', body),
  question: (token: string) => api.post<ReplyQuestion>('applications/reply/question', { token }),
  reply: (body: ReplyBody) => api.post<{ message: string }>('applications/reply', body),
}

export const applicationKeys = {
  branches: ['applications', 'branches'] as const,
  question: (token: string) => ['applications', 'question', token] as const,
}

/** A chosen file as the form sends it: its name and its bytes in base64. */
export async function fileForForm(file: File): Promise<ApplicationFile> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return { name: file.name, contentBase64: btoa(binary) }
}
