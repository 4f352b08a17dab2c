import type { PaymentProvider, SandboxTestCard } from '@portal/contract/payments'

/** Cards the SecurePay sandbox declines, and how (any other valid card is approved). */
export const SECUREPAY_DECLINES: Record<string, { rescode: string; restext: string }> = {
  '4000000000000515': { rescode: '51', restext: 'Insufficient Funds' },
  '4000000000000002': { rescode: '05', restext: 'Do Not Honour' },
  '4000000000000549': { rescode: '54', restext: 'Expired Card' },
}

/** The Mastercard Gateway's test expiries: the outcome follows the card's expiry date (MM/YY). */
export const MPGS_EXPIRY_OUTCOMES: Record<string, string> = {
  '01/39': 'APPROVED',
  '05/39': 'DECLINED',
  '04/27': 'EXPIRED_CARD',
  '08/28': 'TIMED_OUT',
}

/** What the card screen lists in demo mode, so that anyone can try an approval and a decline. */
export const SANDBOX_TEST_CARDS: Record<PaymentProvider, SandboxTestCard[]> = {
  securepay: [
    { number: '4444333322221111', expiry: null, result: 'Approved' },
    { number: '5123456789012346', expiry: null, result: 'Approved' },
    ...Object.entries(SECUREPAY_DECLINES).map(([number, d]) => ({ number, expiry: null, result: `Declined: ${d.restext} (${d.rescode})` })),
  ],
  mpgs: [
    { number: '5123450000000008', expiry: '01/39', result: 'Approved' },
    { number: '5123450000000008', expiry: '05/39', result: 'Declined' },
    { number: '5123450000000008', expiry: '04/27', result: 'Declined: Expired Card' },
    { number: '4508750015741019', expiry: '01/39', result: 'Approved' },
  ],
}
