import { useId, type ComponentProps, type ReactNode } from 'react'
import styles from './field.module.css'

type FieldProps = {
  label: ReactNode
  /** Required fields show an asterisk after the title. */
  required?: boolean
  error?: string | undefined
  hint?: ReactNode
  className?: string
}

function FieldFrame({ id, label, required, error, hint, className, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={[styles.field, className ?? ''].filter(Boolean).join(' ')}>
      {/* The asterisk sits outside the label so that the field's name is exactly its title. */}
      <span className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </span>
      {children}
      {hint && (
        <span className={styles.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

export type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, 'className'>

/** A labelled input; spread react-hook-form's register() into it. */
export function TextField({ label, required, error, hint, className, id, ...input }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <FieldFrame id={inputId} label={label} required={required} error={error} hint={hint} className={className}>
      <input
        id={inputId}
        className={styles.control}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...input}
      />
    </FieldFrame>
  )
}

export type SelectFieldProps = FieldProps & Omit<ComponentProps<'select'>, 'className'>

export function SelectField({ label, required, error, hint, className, id, children, ...select }: SelectFieldProps) {
  const autoId = useId()
  const selectId = id ?? autoId
  return (
    <FieldFrame id={selectId} label={label} required={required} error={error} hint={hint} className={className}>
      <select
        id={selectId}
        className={styles.control}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  )
}

export type TextAreaFieldProps = FieldProps & Omit<ComponentProps<'textarea'>, 'className'>

/** A labelled multi-line input (instructions, descriptions). */
export function TextAreaField({ label, required, error, hint, className, id, rows = 3, ...textarea }: TextAreaFieldProps) {
  const autoId = useId()
  const textareaId = id ?? autoId
  return (
    <FieldFrame id={textareaId} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea
        id={textareaId}
        rows={rows}
        className={styles.control}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(textareaId, error, hint)}
        {...textarea}
      />
    </FieldFrame>
  )
}
