import MagicString from 'magic-string'
import { parseSync, type Plugin } from 'vite'

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/

type Node = { type: string; [key: string]: unknown }
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** Whether evaluating the expression calls something (a function's body is not evaluated by declaring it). */
function callsAtLoad(node: Node): boolean {
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') return true
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression' || node.type === 'ClassExpression') return false
  return Object.entries(node).some(
    ([key, value]) => key !== 'type' && (Array.isArray(value) ? value.some((v) => isNode(v) && callsAtLoad(v)) : isNode(value) && callsAtLoad(value)),
  )
}

/**
 * The contract's modules (packages/contract/src) declare zod schemas at their top level, beside plain constants
 * and types. Building a schema calls zod, and the bundler must assume a call has side effects, so a screen that
 * imports only `LIST_PAGE_SIZE` from a module would carry that module's schemas and all of zod.
 * This marks every top-level `const X = <expression that calls>` of those modules as pure
 * (`/* @__PURE__ *\/ (() => <expression>)()`): the same value, built at the same moment, dropped where unused.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'portal:pure-schemas',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: CONTRACT },
      handler(code, id) {
        if (!CONTRACT.test(id)) return null
        const { program, errors } = parseSync(id, code)
        if (errors.length) return null
        const out = new MagicString(code)
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
          for (const { init } of declaration.declarations) {
            if (!init || !callsAtLoad(init)) continue
            out.appendLeft(init.start, '/* @__PURE__ */ (() => (')
            out.appendRight(init.end, '))()')
          }
        }
        return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) } : null
      },
    },
  }
}
