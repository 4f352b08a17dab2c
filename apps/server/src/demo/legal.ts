import type { Kysely } from 'kysely'
import { markdownToHtml } from '../modules/content/markdown'
import { publishPage } from '../modules/content/publish'
import { findPostIdBySlug } from '../modules/content/repo'
import type { DB } from '../db/schema'

/**
 * The demo legal pages of the embedded content service: the privacy notice and the trade terms the
 * footer links to, as pages with their own slugs (GET /pages?slug=privacy). The same texts are in the
 * sample folder content/pages/, so that a distributor can start from them and import their own
 * (a test keeps the two the same).
 */

export interface LegalPage {
  slug: string
  title: string
  /** Markdown, as in content/pages/{slug}.md. */
  body: string
}

export const LEGAL_PAGES: LegalPage[] = [
  {
    slug: 'privacy',
    title: 'Privacy Notification',
    body: `Riverina Rural Supply Pty Ltd (ABN 53 004 085 616), "we", respects the privacy of the people who order from us. This notice explains what personal information the trade ordering portal collects, why, and what you can do about it. It is given under Australian Privacy Principle 5 of the *Privacy Act 1988* (Cth); our full privacy policy is available from any branch or from our privacy officer.

## What we collect

- **Account users:** name, username, e-mail address, role and the branches you order from. Your password is stored only as a one-way hash; we can never read it.
- **Orders and deliveries:** delivery names, addresses, contact names, phone numbers and e-mail addresses, purchase order numbers and carrier instructions you enter at checkout.
- **Your account with us:** orders, back orders, invoices, statements, payments and balances. Most of this is about the business you order for; where it identifies a sole trader or partner, it is personal information too.
- **Use of the portal:** the time and address (IP) of sign-ins, failed sign-in attempts and password resets, kept to protect your account.
- **Card payments** (cash-sale accounts): your card details are typed into the bank's payment page and go straight to our payment provider. We never receive or keep the card number or security code; we keep the masked number, the amount and the bank's result.

## Why we collect it

We use this information to set up and run your trade account, take and deliver your orders, invoice you and collect payment, send the statements and e-mails you ask for, answer your questions, keep the portal secure, and meet our legal obligations (tax records, agricultural and veterinary chemical record-keeping and product recalls). If you do not give us the information an order needs, we may not be able to supply it.

## Who we share it with

- carriers and couriers who deliver your orders;
- our payment provider and bank, to process card payments;
- the IT, hosting and e-mail services that run the portal for us, under contract and only for that purpose;
- credit reporting bodies and debt collectors, where your account is on credit terms and payment is overdue;
- manufacturers and regulators, when a product you bought is recalled.

We do not sell personal information, and we do not use it for advertising by others. The portal is hosted in Australia. Some of our service providers (for example e-mail delivery and error reporting) may store information overseas, including in the United States; we take reasonable steps to make sure they protect it as the Australian Privacy Principles require.

## Cookies and your browser

The portal keeps your sign-in token and your selected branch in your browser's storage so that you stay signed in; signing out removes them. We do not use advertising cookies. The portal records purchase events (order value, not your details) for our own sales reporting.

## Access, correction and complaints

You can see and update most of your details in the portal. To ask for the personal information we hold about you, to correct it, or to complain about how we have handled it, contact our privacy officer:

- e-mail [privacy@riverinarural.example](mailto:privacy@riverinarural.example)
- phone [02 6921 4400](tel:0269214400)
- post: Privacy Officer, Riverina Rural Supply, PO Box 512, Wagga Wagga NSW 2650

We answer within 30 days. If you are not satisfied with our answer, you can complain to the Office of the Australian Information Commissioner at [www.oaic.gov.au](https://www.oaic.gov.au) or on 1300 363 992.

We may update this notice from time to time; the date at the top shows when it last changed.`,
  },
  {
    slug: 'terms',
    title: 'Terms & Conditions',
    body: `These terms apply to every use of the Riverina Rural Supply trade ordering portal and to every order placed through it by a customer of Riverina Rural Supply Pty Ltd (ABN 53 004 085 616), "we". They sit beside the terms of your credit application or trade account; where the two differ, your signed trade account terms apply.

## 1. Your account and sign-in

1. The portal is for trade customers with an account. Each person who uses it has their own username; do not share passwords.
2. Your account's Administrator decides who may order for your business and can add and remove users in the portal. You are responsible for orders placed with your account's logins until you tell us, or your Administrator removes the user.
3. Tell us straight away on 02 6921 4400 if you think someone else knows a password.

## 2. Prices and GST

1. Prices are in Australian dollars and shown excluding GST; GST is added at 10% in the cart and on your invoice.
2. The price is the one shown for your account and branch when you place the order. We may correct an obvious pricing error before we dispatch; if we do, we will contact you and you may cancel the order.
3. Web Specials are available while stock lasts, and only for orders placed in the portal.

## 3. Orders and back orders

1. An order is an offer to buy. It is accepted when we confirm it by e-mail or dispatch the goods.
2. Stock shown in the portal is a guide. If a branch cannot supply every item, the rest is placed on back order and sent when it arrives, unless you cancel it first; back orders are listed under *Backordered Items*.
3. Cash-sale accounts can only order the quantity in stock at the selected branch, and pay by card when they place the order.

## 4. Payment

1. Accounts on trading terms: invoices are due on the 25th of the month after the invoice date, unless your account terms say otherwise. Your statement shows what is due.
2. We may charge interest on overdue amounts at the rate set out in your trade account terms, and may put an account on hold until overdue amounts are paid.
3. Card payments are processed by our payment provider. An order paid by card is placed only when the bank approves the payment.

## 5. Delivery, risk and ownership

1. Delivery times are estimates. Risk in the goods passes to you when they are delivered to your delivery site or collected from a branch.
2. Ownership of the goods stays with us until they are paid for in full. You grant us a security interest in the goods and their proceeds under the *Personal Property Securities Act 2009* (Cth).

## 6. Claims and returns

1. Check deliveries when they arrive and tell us of any shortage or damage within 7 days.
2. Goods in their original, unopened packaging may be returned within 30 days with the invoice number; a restocking fee may apply. Agricultural and veterinary chemicals, vaccines and other cold-chain products, seed, and goods cut or made to order cannot be returned unless they are faulty.

## 7. Your rights under the Australian Consumer Law

Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. Nothing in these terms limits those rights. Where the law allows, our liability for goods not ordinarily acquired for personal, domestic or household use is limited to replacing or repairing the goods, or paying the cost of doing so.

## 8. Product information and safe use

Product descriptions, pictures and attachments are a guide. Always read the label and the Safety Data Sheet before use, and use agricultural and veterinary chemicals only as their label directs. Ask your branch if you need advice.

## 9. The portal

We aim to keep the portal available at all times but may take it offline for maintenance. We may change or withdraw features, products or prices shown in it. How we handle your personal information is set out in our [Privacy Notification](/privacy).

## 10. General

These terms are governed by the law of New South Wales. We may change them from time to time; the version shown in the portal when you place an order applies to that order. Questions: [orders@riverinarural.example](mailto:orders@riverinarural.example) or 02 6921 4400.`,
  },
]

/** Publishes the legal pages that are not there yet (a page already there, even as a draft, is left alone). */
export async function seedLegalPages(db: Kysely<DB>, { date }: { date: string }): Promise<string[]> {
  const added: string[] = []
  for (const page of LEGAL_PAGES) {
    if (await findPostIdBySlug(db, 'page', page.slug)) continue
    await publishPage(db, { slug: page.slug, title: page.title, date, status: 'publish', contentHtml: markdownToHtml(page.body) })
    added.push(page.slug)
  }
  return added
}
