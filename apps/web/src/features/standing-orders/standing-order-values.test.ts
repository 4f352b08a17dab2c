import { describe, expect, it } from 'vitest'
import type { StandingOrder } from '@portal/contract/standing-orders'
import { deliveryValuesOf } from '../checkout'
import { changesOf, checkStandingOrder, earliestRun, formFieldOf, purchaseOrderOf, valuesOf, type StandingOrderValues } from './standing-order-values'

const today = new Date(2026, 11, 7)

const delivery = deliveryValuesOf({
  DeliveryName: 'Kelly’s Farm',
  Contact: 'Sam Kelly',
  Email: 'sam@kellysfarm.example',
  Phone: '02 6921 0000',
  CarrierName: 'Toll',
  DeliveryType: 1,
})

const filled = (over: Partial<StandingOrderValues> = {}): StandingOrderValues => ({
  ...delivery,
  warehouse: 'WAG',
  firstRun: '2026-12-14',
  scheduleKind: 'weeks',
  everyWeeks: '2',
  days: [],
  purchaseOrderPrefix: 'FENCE-',
  ...over,
})

describe('a standing order form checked by the contract', () => {
  it('becomes the body the API takes: the schedule as numbers, an empty site left out', () => {
    expect(checkStandingOrder(filled(), { today })).toEqual({
      body: {
        warehouse: 'WAG',
        firstRun: '2026-12-14',
        schedule: { kind: 'weeks', everyWeeks: 2 },
        purchaseOrderPrefix: 'FENCE-',
        delivery: {
          DeliveryName: 'Kelly’s Farm',
          Address1: '',
          Address2: '',
          City: '',
          State: '',
          PostalCode: '',
          Contact: 'Sam Kelly',
          Email: 'sam@kellysfarm.example',
          Phone: '02 6921 0000',
          Fax: '',
          CarrierName: 'Toll',
          CarrierInstructions: '',
          OrderDesc: '',
          DeliveryType: 1,
        },
      },
    })
    const monthly = checkStandingOrder(filled({ scheduleKind: 'monthDays', days: ['15', '1'] }), { today })
    expect(monthly.body?.schedule).toEqual({ kind: 'monthDays', days: [1, 15] })
  })

  it('says what is wrong at each field, in the contract’s and the checkout’s words', () => {
    const { errors } = checkStandingOrder(
      filled({ firstRun: '2026-12-07', everyWeeks: '', Phone: ' ', DeliveryType: '' as StandingOrderValues['DeliveryType'], purchaseOrderPrefix: '' }),
      { today },
    )
    expect(errors).toEqual({
      firstRun: 'Choose a day after today',
      everyWeeks: 'Enter how many weeks apart',
      Phone: 'Enter a phone number',
      DeliveryType: 'Choose a delivery type',
      purchaseOrderPrefix: 'Enter a purchase order prefix',
    })
    expect(checkStandingOrder(filled({ everyWeeks: '53' }), { today }).errors).toEqual({ everyWeeks: 'At most every 52 weeks' })
    expect(checkStandingOrder(filled({ everyWeeks: '1.5' }), { today }).errors).toEqual({ everyWeeks: 'Weeks must be a whole number' })
    expect(checkStandingOrder(filled({ scheduleKind: 'monthDays', days: [] }), { today }).errors).toEqual({ days: 'Choose at least one day of the month' })
    expect(checkStandingOrder(filled({ scheduleKind: '' }), { today }).errors).toEqual({ scheduleKind: 'Choose every few weeks or days of the month' })
    expect(checkStandingOrder(filled({ firstRun: '' }), { today }).errors).toEqual({ firstRun: 'Choose the day of the first order' })
  })

  it('checks an edit’s first run against today only when it is changed or a new schedule counts from it', () => {
    const start = filled({ firstRun: '2026-12-07' })
    expect(checkStandingOrder(start, { today, start }).body).toBeDefined()
    expect(checkStandingOrder(filled({ firstRun: '2026-12-07', everyWeeks: '3' }), { today, start }).errors).toEqual({ firstRun: 'Choose a day after today' })
    expect(checkStandingOrder(filled({ firstRun: '2026-12-06' }), { today, start }).errors).toEqual({ firstRun: 'Choose a day after today' })
  })

  it('sends of an edit only what changed, a new schedule with the day it counts from', () => {
    const start = filled()
    const body = (values: StandingOrderValues) => checkStandingOrder(values, { today, start }).body!
    expect(changesOf(body(filled()), start)).toEqual({})
    // The server's delivery, its keys in another order and a site chosen, is no change either.
    const withSite = filled({ SiteCode: 'HOME' })
    expect(changesOf(checkStandingOrder(withSite, { today, start: withSite }).body!, withSite)).toEqual({})
    expect(changesOf(body(filled({ warehouse: 'MEL', Phone: '0400 000 000' })), start)).toEqual({
      warehouse: 'MEL',
      delivery: expect.objectContaining({ Phone: '0400 000 000' }) as unknown,
    })
    expect(changesOf(body(filled({ scheduleKind: 'monthDays', days: ['1'] })), start)).toEqual({
      schedule: { kind: 'monthDays', days: [1] },
      firstRun: '2026-12-14',
    })
    expect(changesOf(body(filled({ purchaseOrderPrefix: 'FARM-' })), start)).toEqual({ purchaseOrderPrefix: 'FARM-' })
  })
})

describe('the form field of a problem', () => {
  it('is found from a body path and from the server’s field', () => {
    expect(formFieldOf('body.delivery.Phone')).toBe('Phone')
    expect(formFieldOf(['delivery', 'DeliveryType'])).toBe('DeliveryType')
    expect(formFieldOf('body.firstRun')).toBe('firstRun')
    expect(formFieldOf('body.schedule.days.2')).toBe('days')
    expect(formFieldOf('body.schedule.everyWeeks')).toBe('everyWeeks')
    expect(formFieldOf('body.schedule')).toBe('scheduleKind')
    expect(formFieldOf('body.warehouse')).toBe('warehouse')
    expect(formFieldOf('body.purchaseOrderPrefix')).toBe('purchaseOrderPrefix')
    expect(formFieldOf('body.delivery.Nonsense')).toBeUndefined()
    expect(formFieldOf('body.listId')).toBeUndefined()
  })
})

describe('the form of a kept standing order', () => {
  it('starts from its next run, or its first while paused', () => {
    const order = {
      warehouse: 'WAG',
      firstRun: '2026-11-02',
      nextRun: '2026-12-14',
      schedule: { kind: 'monthDays', days: [1, 15] },
      purchaseOrderPrefix: 'FENCE-',
    } as StandingOrder
    expect(valuesOf(order, delivery)).toMatchObject({ firstRun: '2026-12-14', scheduleKind: 'monthDays', days: ['1', '15'], everyWeeks: '2' })
    expect(valuesOf({ ...order, nextRun: null }, delivery).firstRun).toBe('2026-11-02')
  })

  it('names each purchase order by the prefix and the day, and runs no sooner than tomorrow', () => {
    expect(purchaseOrderOf('FENCE-', '2027-01-04')).toBe('FENCE-20270104')
    expect(earliestRun(new Date(2026, 11, 31))).toBe('2027-01-01')
  })
})
