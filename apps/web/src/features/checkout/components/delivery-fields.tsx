import type { ReactNode } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { AUSTRALIAN_STATES, DELIVERY_TYPES } from '@portal/contract/checkout'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field'
import { useCheckoutDeliverySites } from '../api/get-delivery-sites'
import { FIELD_LIMITS, fromDeliverySite, type DeliveryValues } from '../checkout-values'
import styles from './checkout.module.css'

/**
 * The checkout's delivery fields, shared by every form that says where and how an order goes (the checkout, a
 * standing order). They read the form they sit in through react-hook-form's FormProvider: any form whose values
 * include DeliveryValues, under the same names, so the rules and messages are the checkout's everywhere.
 */
function useDeliveryForm() {
  return useFormContext<DeliveryValues>()
}

type DeliveryName = keyof typeof FIELD_LIMITS & keyof DeliveryValues

/** The delivery site picker, then the name, address and contact it fills in. */
export function DeliverySiteFields() {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useDeliveryForm()
  const sites = useCheckoutDeliverySites()
  const siteOptions = [...(sites.data ?? [])].sort((a, b) => a.Name.localeCompare(b.Name))
  const text = (name: DeliveryName) => ({ ...register(name), maxLength: FIELD_LIMITS[name], error: errors[name]?.message })

  const chooseSite = (code: string) => {
    const site = sites.data?.find((s) => s.SiteCode === code)
    if (!site) return
    for (const [key, value] of Object.entries(fromDeliverySite(site)) as Array<[keyof DeliveryValues, string]>) {
      setValue(key, value as never, { shouldDirty: true, shouldValidate: key !== 'SiteCode' && Boolean(errors[key]) })
    }
  }

  return (
    <>
      {/* Controlled, so that a site remembered in the draft shows as chosen once the list arrives. */}
      <Controller
        control={control}
        name="SiteCode"
        render={({ field }) => (
          <SelectField
            label="Delivery Site"
            hint={sites.isError ? 'Your delivery sites could not be loaded; enter the address below.' : 'Fills in the address and contact below.'}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => {
              field.onChange(event.target.value)
              chooseSite(event.target.value)
            }}
            disabled={sites.isPending}
          >
            <option value="">{sites.isPending ? 'Loading delivery sites...' : siteOptions.length ? 'Choose a delivery site' : 'No delivery sites'}</option>
            {siteOptions.map((site) => (
              <option key={site.SiteCode} value={site.SiteCode}>
                {site.Name} ({site.SiteCode})
              </option>
            ))}
          </SelectField>
        )}
      />
      <div className={styles.grid}>
        <TextField label="Business Name" required autoComplete="organization" className={styles.wide} {...text('DeliveryName')} />
        <TextField label="Address Line 1" autoComplete="address-line1" {...text('Address1')} />
        <TextField label="Address Line 2" autoComplete="address-line2" {...text('Address2')} />
        <TextField label="Suburb / Town" autoComplete="address-level2" {...text('City')} />
        <div className={styles.pair}>
          <SelectField label="State" autoComplete="address-level1" {...register('State')} error={errors.State?.message}>
            <option value="">Choose</option>
            {AUSTRALIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </SelectField>
          <TextField label="Postcode" inputMode="numeric" autoComplete="postal-code" {...text('PostalCode')} />
        </div>
        <TextField label="Contact Person" required autoComplete="name" {...text('Contact')} />
        <TextField label="Email" required type="email" autoComplete="email" {...text('Email')} />
        <TextField label="Phone" required type="tel" autoComplete="tel" {...text('Phone')} />
        <TextField label="Fax" type="tel" {...text('Fax')} />
      </div>
    </>
  )
}

/** The carrier, its instructions and whether the goods are delivered or picked up; `branch` shows the supplying branch beside the carrier. */
export function ShippingFields({ branch }: { branch?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useDeliveryForm()
  const text = (name: DeliveryName) => ({ ...register(name), maxLength: FIELD_LIMITS[name], error: errors[name]?.message })
  return (
    <>
      <div className={styles.grid}>
        <TextField label="Carrier Name" required {...text('CarrierName')} />
        {branch}
        <TextAreaField label="Carrier Instructions" className={styles.wide} {...text('CarrierInstructions')} />
      </div>
      <fieldset className={styles.choice} aria-describedby={errors.DeliveryType ? 'delivery-type-error' : undefined}>
        <legend>
          Delivery Type
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </legend>
        <div className={styles.options}>
          {DELIVERY_TYPES.map((type) => (
            <label key={type.value} className={styles.option}>
              <input type="radio" value={String(type.value)} aria-invalid={errors.DeliveryType ? true : undefined} {...register('DeliveryType')} />
              {type.label}
            </label>
          ))}
        </div>
        {errors.DeliveryType && (
          <span className={styles.fieldError} id="delivery-type-error" role="alert">
            {errors.DeliveryType.message}
          </span>
        )}
      </fieldset>
    </>
  )
}
