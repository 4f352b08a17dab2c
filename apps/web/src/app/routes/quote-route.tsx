import { useParams } from 'react-router'
import { QuoteScreen } from '../../features/quotes/components/quote-screen'

/** /quotes/{id}: one of the account's quotes (decision 0102). */
export function QuoteRoute() {
  const { id } = useParams()
  return <QuoteScreen key={id} id={Number(id)} />
}
