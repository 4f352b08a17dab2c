import fastJson from 'fast-json-stringify'
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'

/**
 * Answers written by a serializer compiled from the contract's schema (decision 0100): fast-json-stringify
 * writes only the schema's properties, in one pass, without the zod check and the copy it makes. Where the
 * contract's JSON schema holds something the compiled writer could only do slowly or loosely (a union other
 * than "or null"), the zod check and JSON.stringify write it, as before.
 *
 * `checked` (everything but production): each answer is also checked and written the old way, and an answer
 * the two write differently is an error, so every API test and browser journey proves the compiled writers.
 */
export type Serialize = (data: unknown) => string

type JsonSchema = { [key: string]: unknown }

const KEPT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'enum',
  'const',
  'description',
  '$ref',
  'minimum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'default',
])

/** Keywords that say something of a value without changing how it is written: left out. */
const ANNOTATIONS = new Set(['$schema', 'definitions', '$defs', 'propertyNames', 'title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'])

class Unsupported extends Error {}

/**
 * The schema as fast-json-stringify's fast path reads it: `anyOf: [X, {type: 'null'}]` (zod's nullable)
 * becomes X with 'null' among its types, references inlined so that each such X can be given its null.
 * Throws Unsupported for anything else that would need a run-time choice between schemas.
 */
function simplify(node: unknown, definitions: Record<string, unknown>, seen: readonly string[] = []): JsonSchema {
  if (node === true || (typeof node === 'object' && node !== null && Object.keys(node).length === 0)) return {}
  if (typeof node !== 'object' || node === null) throw new Unsupported('a schema that is not an object')
  const schema = node as JsonSchema
  if (typeof schema.$ref === 'string') {
    const name = /^#\/(?:definitions|\$defs)\/(.+)$/.exec(schema.$ref)?.[1]
    if (name === undefined || !(name in definitions)) throw new Unsupported(`the reference ${schema.$ref}`)
    if (seen.includes(name)) throw new Unsupported(`the recursive schema ${name}`)
    return simplify(definitions[name], definitions, [...seen, name])
  }
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  if (union) {
    const consts = constantsOf(union)
    if (consts) return consts
    const others = union.filter((s) => !(typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null' && Object.keys(s).length === 1))
    if (others.length !== 1 || union.length !== 2) throw new Unsupported('a union other than "or null"')
    const inner = simplify(others[0], definitions, seen)
    if (typeof inner.type !== 'string') throw new Unsupported('"or null" of a schema without one type')
    return { ...inner, type: [inner.type, 'null'] }
  }
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue
    if (!KEPT_KEYWORDS.has(key)) throw new Unsupported(`the keyword ${key}`)
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, s]) => [name, simplify(s, definitions, seen)]))
    } else if (key === 'items') {
      if (Array.isArray(value)) throw new Unsupported('a tuple')
      out.items = simplify(value, definitions, seen)
    } else if (key === 'additionalProperties' && typeof value === 'object' && value !== null) {
      out.additionalProperties = simplify(value, definitions, seen)
    } else out[key] = value
  }
  return out
}

/**
 * A union of constants of one type (zod's `z.union([z.literal(1), z.literal(2)])`, or an enum or an empty
 * string) as one enum; else null.
 */
function constantsOf(union: unknown[]): JsonSchema | null {
  const members = union as Array<{ type?: unknown; const?: unknown; enum?: unknown[] }>
  const type = members[0]?.type
  const plain = (m: (typeof members)[number]) => m.type === type && Object.keys(m).length === 2 && ('const' in m || Array.isArray(m.enum))
  if (typeof type !== 'string' || !members.every(plain)) return null
  return { type, enum: members.flatMap((m) => ('const' in m ? [m.const] : (m.enum ?? []))) }
}

/** The JSON schema of a zod schema, simplified for the compiled writer; null when it cannot be. */
export function compilableSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema
    return simplify(json, (json.definitions ?? {}) as Record<string, unknown>)
  } catch {
    // Unsupported, or a schema zod cannot put in JSON schema (a transform): the zod writer writes it.
    return null
  }
}

/** The answer as the zod check and JSON.stringify write it; throws the zod error for an answer off the contract. */
function zodWriter(schema: z.ZodType, describe: () => string): Serialize {
  return (data) => {
    const result = schema.safeEncode(data)
    if (!result.success) throw new ResponseContractError(describe(), result.error)
    return JSON.stringify(result.data)
  }
}

/** An answer that does not hold to its schema in the contract: a defect of the server, answered 500. */
export class ResponseContractError extends Error {
  constructor(where: string, cause: unknown) {
    super(`The answer of ${where} does not hold to its schema in the contract`, { cause })
    this.name = 'ResponseContractError'
  }
}

/**
 * The writer of answers of `schema`. `describe` names the route for an error. Checked writers also run
 * the zod writer and compare what the two wrote (as parsed JSON: the compiled writer puts the required
 * properties first).
 */
export function compileSerializer(schema: z.ZodType, { checked, describe }: { checked: boolean; describe: () => string }): Serialize {
  const slow = zodWriter(schema, describe)
  const json = compilableSchema(schema)
  if (json === null) return slow
  const fast = fastJson(json) as (data: unknown) => string
  if (!checked) return fast
  return (data) => {
    const expected = slow(data)
    const written = fast(data)
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new ResponseContractError(
        describe(),
        new Error(`the compiled writer wrote ${written.slice(0, 400)} where the contract's check wrote ${expected.slice(0, 400)}`),
      )
    }
    return written
  }
}

/**
 * Fastify's serializer compiler (app.setSerializerCompiler) for the contract's zod schemas; Fastify keeps
 * one writer a route and schema, for the route's own answers and for `reply.serializeInput` (the caches'
 * ready-made pages, lib/json-cache.ts).
 */
export function responseSerializerCompiler({ checked }: { checked: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }): Serialize =>
    compileSerializer(zodSchemaOf(schema), { checked, describe: () => `${method} ${url}` })
}

/** A route's response schema: a zod schema, or (as fastify-type-provider-zod allows) one under `properties`. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.core.$ZodType) return schema as z.ZodType
  const inner = (schema as { properties?: unknown } | null)?.properties
  if (inner instanceof z.core.$ZodType) return inner as z.ZodType
  throw new Error(`A response schema that is not a zod schema: ${JSON.stringify(schema)?.slice(0, 200)}`)
}
