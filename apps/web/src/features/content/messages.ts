/** What a failed content request toasts, word for word. */
export const CONTENT_ERROR = 'An error occured fetching the content for this page'
