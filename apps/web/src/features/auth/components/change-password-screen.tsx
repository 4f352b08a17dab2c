import { ChangePasswordForm } from './change-password-form'

export function ChangePasswordScreen() {
  return (
    <section className="page" aria-labelledby="change-password-heading">
      <title>Change Password</title>
      <h1 id="change-password-heading">Change Password</h1>
      <ChangePasswordForm />
    </section>
  )
}
