import { checkStatementShapes } from '../src/db/statement'

// Every API test checks that a statement built once keeps one shape whatever its arguments (src/db/statement.ts).
checkStatementShapes()
