const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!)

/** A plain page in the sandbox's own look: clearly not the portal, clearly a test provider. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #eef1f5; color: #1c2430; }
  .banner { background: #3b4a63; color: #fff; padding: 10px 16px; font-size: 14px; }
  main { max-width: 440px; margin: 24px auto; padding: 0 14px; }
  .card { background: #fff; border: 1px solid #cfd6e0; border-radius: 8px; padding: 20px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  label { display: block; font-weight: 600; font-size: 14px; margin: 12px 0 4px; }
  input, select { width: 100%; box-sizing: border-box; min-height: 44px; padding: 8px 10px; border: 1px solid #9aa6b8; border-radius: 6px; font: inherit; }
  .row { display: flex; gap: 10px; }
  .row > div { flex: 1; }
  .amount { font-size: 18px; font-weight: 700; }
  .actions { display: flex; gap: 10px; margin-top: 18px; flex-wrap: wrap; }
  button { min-height: 44px; padding: 8px 18px; border-radius: 6px; border: 1px solid #2b5cab; background: #2b5cab; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #2b5cab; }
  .error { color: #b42318; font-weight: 600; }
  .hint { color: #5b6676; font-size: 13px; }
  table { border-collapse: collapse; font-size: 13px; margin-top: 8px; }
  td { padding: 2px 8px 2px 0; }
</style>
</head>
<body>
<div class="banner">Payment sandbox: a local stand-in for the provider. No real card is charged.</div>
<main>${body}</main>
</body>
</html>`
}
