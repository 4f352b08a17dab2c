/**
 * index.html's <title> names the portal while the first screen loads. Each screen sets its own (a <title> React
 * puts in the head), and from the first one on, the page's own goes: a screen has one title, never two.
 */
export function handTitleToScreens(doc: Document = document): void {
  const initial = doc.head.querySelector('title')
  if (!initial) return
  const handOver = () => {
    if (![...doc.querySelectorAll('title')].some((title) => title !== initial)) return false
    initial.remove()
    return true
  }
  if (handOver()) return
  const observer = new MutationObserver(() => {
    if (handOver()) observer.disconnect()
  })
  observer.observe(doc.head, { childList: true })
}
