/** What other modules may use of account besides its service: the statement's PDF (the back office sends it too). */
export { statementPdf } from './statement'
