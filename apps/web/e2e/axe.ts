import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.1 levels A and AA (and the 2.0 rules they include). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const BLOCKING = new Set(['serious', 'critical'])

type Options = {
  /** Limit the check to part of the page (an open dialog, a menu). */
  include?: string
  /** Leave parts out, with the reason in a comment where this is used. */
  exclude?: string[]
  /** Rules to leave out, each with the reason in a comment where this is used. */
  disableRules?: string[]
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical WCAG 2.1 A/AA violation,
 * listing each as "rule (impact): summary" with the elements at fault, so a failure reads without a trace.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string, options: Options = {}) {
  await settled(page)
  let builder = new AxeBuilder({ page }).withTags(TAGS)
  if (options.include) builder = builder.include(options.include)
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  if (options.disableRules) builder = builder.disableRules(options.disableRules)
  const started = Date.now()
  const { violations } = await builder.analyze()
  if (process.env.AXE_TIMES) console.log(`axe ${what}: ${Date.now() - started} ms`)
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''))
  const report = blocking.map((v) => {
    const targets = v.nodes.slice(0, 6).map((n) => `    - ${n.target.join(' ')}${n.failureSummary ? `: ${firstLine(n.failureSummary)}` : ''}`)
    const more = v.nodes.length > 6 ? [`    ... and ${v.nodes.length - 6} more`] : []
    return [`  ${v.id} (${v.impact}): ${v.help} [${v.nodes.length}]`, ...targets, ...more].join('\n')
  })
  expect(blocking.length, `${what}: serious or critical accessibility violations\n${report.join('\n')}`).toBe(0)
}

/**
 * Lets the running finite animations and transitions end first: a toast fading in is checked in its final
 * colours. Their end is the event waited for (a running finite animation always ends), not a fixed time: on a
 * busy machine a short fade can end later than any time picked for it. A toast just put on the page starts its
 * fade a frame or two later, so the page is looked at again after two frames until nothing finite runs.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))
    for (let round = 0; round < 5; round++) {
      await frame()
      await frame()
      const running = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
      if (running.length === 0) return
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
    }
  })
}

/** axe's failure summary starts with "Fix any of the following:" then one line per check. */
function firstLine(summary: string) {
  return summary
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line))
    .slice(0, 2)
    .join(' / ')
}
