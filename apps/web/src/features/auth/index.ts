// The auth feature's public face: what other features use of it (eslint.config.js keeps them to this file).
export { PasswordRuleList } from './components/password-rule-list'
export { REPEAT_DIFFERS } from './components/password-rules'
