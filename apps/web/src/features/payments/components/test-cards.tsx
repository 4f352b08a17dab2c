import type { SandboxTestCard } from '@portal/contract/payments'
import styles from './card-payment.module.css'

type TestCardsProps = {
  cards: SandboxTestCard[]
  /** Fills the card number in (the SecurePay form); without it the list is for reading (the gateway's own page). */
  onUse?: (number: string) => void
}

/** Demo mode only: the sandbox's cards, so that an approval and a decline can both be tried. */
export function TestCards({ cards, onUse }: TestCardsProps) {
  const expiries = cards.some((card) => card.expiry !== null)
  return (
    <aside className={styles.testCards} aria-labelledby="test-cards-heading">
      <h2 id="test-cards-heading">Test cards</h2>
      <p>
        Payments go to the local sandbox: no card is charged. Use any name, {expiries ? 'the expiry shown' : 'any future expiry'} and any 3-digit CVS.
        {onUse && ' Choose a card number to fill it in.'}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Card number</th>
            {expiries && <th scope="col">Expiry</th>}
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={`${card.number}-${card.expiry ?? ''}`}>
              <td className="tabular">
                {onUse ? (
                  <button type="button" className={styles.useCard} onClick={() => onUse(card.number)} aria-label={`Use test card ${card.number}`}>
                    {card.number}
                  </button>
                ) : (
                  card.number
                )}
              </td>
              {expiries && <td className="tabular">{card.expiry ?? 'any'}</td>}
              <td>{card.result}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </aside>
  )
}
