/** What other modules use of applications: the staff's steps' e-mails and links, and the account the ERP opens. */
export { askForInformation, openApprovedApplications, tellDecision } from './service'
export { applicationsRoutes } from './routes'
