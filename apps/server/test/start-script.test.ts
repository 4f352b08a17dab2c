import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { alive } from '../src/db/data-dir-lock'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const parent = mkdtempSync(join(tmpdir(), 'portal-start-'))
const started: ChildProcess[] = []

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  rmSync(parent, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the portal as `command` does, on an empty embedded database of its own; resolves once it answers. */
async function start(command: string, args: string[], name: string) {
  const dataDir = join(parent, name)
  const port = await freePort()
  const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_SCALE: 'none', LOG_LEVEL: 'warn' }
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  const base = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 240_000; ;) {
    if (child.exitCode !== null) throw new Error(`the portal stopped while starting:\n${output}`)
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error(`the portal did not answer within 240 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const serverPid = Number(readFileSync(join(dataDir, 'portal.pid'), 'utf8'))
  return { child, exited, base, dataDir, serverPid, output: () => output }
}

async function stopsWith(portal: Awaited<ReturnType<typeof start>>, signal: NodeJS.Signals) {
  // The portal itself runs in a child of the process the signal is sent to.
  expect(portal.serverPid).not.toBe(portal.child.pid)
  portal.child.kill(signal)
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000))
  const outcome = await Promise.race([portal.exited, timeout])
  expect(outcome, portal.output()).toEqual({ code: 0, signal: null })
  expect(portal.output()).toContain(`${signal} received, shutting down`)
  expect(alive(portal.serverPid)).toBe(false)
  expect(existsSync(join(portal.dataDir, 'portal.pid'))).toBe(false)
  await expect(fetch(`${portal.base}/api/health`)).rejects.toThrow()
}

describe('stopping npm start by its process id', () => {
  it('SIGTERM to node scripts/start.mjs stops the portal, frees the database and exits', async () => {
    const portal = await start(process.execPath, ['scripts/start.mjs'], 'direct')
    // What it serves is a production build, even when this test (NODE_ENV=test) was what built it: the service
    // worker carries none of Workbox's development messages, and the page registers it.
    const worker = await (await fetch(`${portal.base}/sw.js`)).text()
    expect(worker).toContain('workbox')
    expect(worker).not.toContain("Unexpected input to 'invalid-value' error")
    await stopsWith(portal, 'SIGTERM')
  }, 300_000)

  it("SIGINT to npm start's own process reaches the portal too", async () => {
    await stopsWith(await start('npm', ['start', '--silent'], 'npm'), 'SIGINT')
  }, 300_000)
})
