// Approvals' public surface: what other features may use (eslint.config.js keeps them to this file).
export { approvalKeys } from './api/approvals'
export { sentForApprovalState } from './sent-for-approval'
