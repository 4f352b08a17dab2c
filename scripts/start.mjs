// npm start: build what is not built, then run the portal in this process.
import { ensureBuilt } from './ensure-built.mjs'

ensureBuilt()
await import('../apps/server/dist/main.js')
