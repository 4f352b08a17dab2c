import { Rng } from './random'

/**
 * Generated pictures for the demo news and banners: flat rural landscapes drawn as SVG (pasture with
 * sheep, cattle, a wheat crop, a dam and windmill, a hay shed, a vet's bench). The subject sits right
 * of centre so that banner text on the left stays readable. Deterministic for a given seed.
 */

export type SceneKind = 'pasture' | 'cattle' | 'wheat' | 'dam' | 'shed' | 'fence' | 'vet' | 'dusk'

interface Palette {
  sky: [string, string]
  sun: string
  hills: string[]
  ground: string
}

const PALETTES: Record<string, Palette> = {
  morning: { sky: ['#8ec9ef', '#e6f4fb'], sun: '#fff3c4', hills: ['#9cc49a', '#78ad6f', '#5a9350', '#3f7a3a'], ground: '#4d8a43' },
  midday: { sky: ['#5aa9e6', '#cfe9f7'], sun: '#fffbe0', hills: ['#a9c98f', '#8cba6c', '#6ea54f', '#4f8c3a'], ground: '#5e9b45' },
  golden: { sky: ['#f2b26b', '#fbe3b5'], sun: '#fff1c9', hills: ['#c8a36a', '#b58d4f', '#9c763c', '#7f5f2f'], ground: '#a07a3a' },
  dry: { sky: ['#7fb8e0', '#e9f1f2'], sun: '#fffbe8', hills: ['#c9b98c', '#b9a570', '#a38d57', '#8a7645'], ground: '#a8945c' },
  dusk: { sky: ['#3b3f7a', '#f08a5d'], sun: '#ffd59a', hills: ['#5a4a6b', '#463a57', '#332a43', '#221c2e'], ground: '#2b2236' },
}

const SCENE_PALETTE: Record<SceneKind, keyof typeof PALETTES> = {
  pasture: 'morning',
  cattle: 'midday',
  wheat: 'golden',
  dam: 'dry',
  shed: 'midday',
  fence: 'morning',
  vet: 'midday',
  dusk: 'dusk',
}

const f = (n: number) => n.toFixed(1)

function hill(rng: Rng, width: number, height: number, base: number, amp: number, fill: string): string {
  const phase = rng.float(0, Math.PI * 2)
  const freq = rng.float(1.2, 2.4)
  const steps = 24
  const points: string[] = []
  for (let i = 0; i <= steps; i++) {
    const x = (width * i) / steps
    const y = base + amp * Math.sin((freq * Math.PI * i) / steps + phase) + (amp / 3) * Math.sin((3.1 * Math.PI * i) / steps + phase * 2)
    points.push(`${f(x)},${f(y)}`)
  }
  return `<path d="M0,${height} L${points.join(' L')} L${width},${height} Z" fill="${fill}"/>`
}

function cloud(x: number, y: number, s: number): string {
  return `<g fill="#ffffff" fill-opacity="0.85"><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(60 * s)}" ry="${f(22 * s)}"/><ellipse cx="${f(x + 40 * s)}" cy="${f(y - 14 * s)}" rx="${f(42 * s)}" ry="${f(24 * s)}"/><ellipse cx="${f(x - 38 * s)}" cy="${f(y - 6 * s)}" rx="${f(34 * s)}" ry="${f(18 * s)}"/></g>`
}

function gum(x: number, ground: number, s: number, colour: string): string {
  const h = 170 * s
  return `<g><path d="M${f(x)},${f(ground)} C${f(x - 6 * s)},${f(ground - h * 0.5)} ${f(x + 10 * s)},${f(ground - h * 0.7)} ${f(x + 2 * s)},${f(ground - h)}" stroke="#5b4a3a" stroke-width="${f(9 * s)}" fill="none"/>
<g fill="${colour}"><ellipse cx="${f(x)}" cy="${f(ground - h)}" rx="${f(62 * s)}" ry="${f(34 * s)}"/><ellipse cx="${f(x - 44 * s)}" cy="${f(ground - h * 0.82)}" rx="${f(40 * s)}" ry="${f(24 * s)}"/><ellipse cx="${f(x + 46 * s)}" cy="${f(ground - h * 0.86)}" rx="${f(44 * s)}" ry="${f(26 * s)}"/><ellipse cx="${f(x + 8 * s)}" cy="${f(ground - h * 1.18)}" rx="${f(38 * s)}" ry="${f(22 * s)}"/></g></g>`
}

function sheep(x: number, y: number, s: number, flip: boolean): string {
  const d = flip ? -1 : 1
  return `<g><line x1="${f(x - 18 * s)}" y1="${f(y + 12 * s)}" x2="${f(x - 18 * s)}" y2="${f(y + 34 * s)}" stroke="#3a3a3a" stroke-width="${f(5 * s)}"/><line x1="${f(x + 16 * s)}" y1="${f(y + 12 * s)}" x2="${f(x + 16 * s)}" y2="${f(y + 34 * s)}" stroke="#3a3a3a" stroke-width="${f(5 * s)}"/>
<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(36 * s)}" ry="${f(22 * s)}" fill="#f4f1e8"/><ellipse cx="${f(x + d * 38 * s)}" cy="${f(y - 8 * s)}" rx="${f(12 * s)}" ry="${f(10 * s)}" fill="#2f2f2f"/></g>`
}

function cow(x: number, y: number, s: number, colour: string, flip: boolean): string {
  const d = flip ? -1 : 1
  return `<g fill="${colour}"><rect x="${f(x - 50 * s)}" y="${f(y - 24 * s)}" width="${f(100 * s)}" height="${f(46 * s)}" rx="${f(20 * s)}"/>
<rect x="${f(x - 42 * s)}" y="${f(y + 12 * s)}" width="${f(9 * s)}" height="${f(34 * s)}"/><rect x="${f(x - 24 * s)}" y="${f(y + 12 * s)}" width="${f(9 * s)}" height="${f(34 * s)}"/><rect x="${f(x + 18 * s)}" y="${f(y + 12 * s)}" width="${f(9 * s)}" height="${f(34 * s)}"/><rect x="${f(x + 34 * s)}" y="${f(y + 12 * s)}" width="${f(9 * s)}" height="${f(34 * s)}"/>
<ellipse cx="${f(x + d * 56 * s)}" cy="${f(y - 18 * s)}" rx="${f(17 * s)}" ry="${f(14 * s)}"/></g>`
}

function fence(y0: number, y1: number, width: number, posts: number): string {
  const parts: string[] = []
  for (let i = 0; i <= posts; i++) {
    const x = (width * i) / posts
    const y = y0 + ((y1 - y0) * i) / posts
    parts.push(`<rect x="${f(x - 4)}" y="${f(y - 44)}" width="8" height="48" fill="#6b5440"/>`)
  }
  for (const dy of [-36, -22, -8]) parts.push(`<line x1="0" y1="${f(y0 + dy)}" x2="${width}" y2="${f(y1 + dy)}" stroke="#8d8d8d" stroke-width="2"/>`)
  return parts.join('')
}

function shed(x: number, ground: number, s: number): string {
  const w = 320 * s
  const h = 150 * s
  const roof = 70 * s
  const lines: string[] = []
  for (let i = 1; i < 16; i++)
    lines.push(
      `<line x1="${f(x + (w * i) / 16)}" y1="${f(ground - h)}" x2="${f(x + (w * i) / 16)}" y2="${f(ground)}" stroke="#000" stroke-opacity="0.08" stroke-width="3"/>`,
    )
  return `<g><polygon points="${f(x - 14 * s)},${f(ground - h)} ${f(x + w / 2)},${f(ground - h - roof)} ${f(x + w + 14 * s)},${f(ground - h)}" fill="#9aa5ad"/>
<rect x="${f(x)}" y="${f(ground - h)}" width="${f(w)}" height="${f(h)}" fill="#b5483b"/>${lines.join('')}
<rect x="${f(x + w * 0.36)}" y="${f(ground - h * 0.72)}" width="${f(w * 0.28)}" height="${f(h * 0.72)}" fill="#3b2a22"/></g>`
}

function bale(x: number, y: number, r: number): string {
  return `<g><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="#d9b65e"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.62)}" fill="none" stroke="#b8923e" stroke-width="${f(r * 0.1)}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.28)}" fill="none" stroke="#b8923e" stroke-width="${f(r * 0.08)}"/></g>`
}

function windmill(x: number, ground: number, s: number): string {
  const top = ground - 300 * s
  const blades: string[] = []
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12
    blades.push(
      `<line x1="${f(x)}" y1="${f(top)}" x2="${f(x + Math.cos(a) * 70 * s)}" y2="${f(top + Math.sin(a) * 70 * s)}" stroke="#5f6a70" stroke-width="${f(6 * s)}"/>`,
    )
  }
  return `<g stroke="#5f6a70" stroke-width="${f(5 * s)}"><line x1="${f(x - 40 * s)}" y1="${f(ground)}" x2="${f(x)}" y2="${f(top)}"/><line x1="${f(x + 40 * s)}" y1="${f(ground)}" x2="${f(x)}" y2="${f(top)}"/><line x1="${f(x - 28 * s)}" y1="${f(ground - 90 * s)}" x2="${f(x + 28 * s)}" y2="${f(ground - 90 * s)}"/></g>${blades.join('')}<path d="M${f(x)},${f(top)} l${f(110 * s)},${f(-10 * s)} l0,${f(20 * s)} Z" fill="#5f6a70"/>`
}

function bench(x: number, y: number, s: number): string {
  const bottle = (bx: number, colour: string, h: number) =>
    `<rect x="${f(bx)}" y="${f(y - h * s)}" width="${f(54 * s)}" height="${f(h * s)}" rx="${f(10 * s)}" fill="${colour}"/><rect x="${f(bx + 16 * s)}" y="${f(y - h * s - 22 * s)}" width="${f(22 * s)}" height="${f(24 * s)}" fill="#37474f"/><rect x="${f(bx + 6 * s)}" y="${f(y - h * s * 0.62)}" width="${f(42 * s)}" height="${f(h * s * 0.3)}" fill="#ffffff" fill-opacity="0.85"/>`
  return `<g><rect x="${f(x - 40 * s)}" y="${f(y)}" width="${f(520 * s)}" height="${f(26 * s)}" fill="#8d6e63"/><rect x="${f(x - 20 * s)}" y="${f(y + 26 * s)}" width="${f(16 * s)}" height="${f(140 * s)}" fill="#6d4c41"/><rect x="${f(x + 440 * s)}" y="${f(y + 26 * s)}" width="${f(16 * s)}" height="${f(140 * s)}" fill="#6d4c41"/>
${bottle(x, '#1565c0', 150)}${bottle(x + 80 * s, '#2e7d32', 190)}${bottle(x + 160 * s, '#c62828', 130)}${bottle(x + 240 * s, '#6a1b9a', 170)}${bottle(x + 320 * s, '#ef6c00', 150)}
<rect x="${f(x + 400 * s)}" y="${f(y - 60 * s)}" width="${f(70 * s)}" height="${f(60 * s)}" rx="${f(6 * s)}" fill="#eceff1" stroke="#90a4ae" stroke-width="${f(3 * s)}"/></g>`
}

/** An SVG picture of the given scene at width x height. */
export function sceneSvg(kind: SceneKind, width: number, height: number, seed: number): string {
  const rng = new Rng(seed)
  const p = PALETTES[SCENE_PALETTE[kind]]!
  const horizon = height * (kind === 'vet' ? 0.5 : 0.56)
  const s = height / 720
  const parts: string[] = []
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>`,
    `<radialGradient id="sun"><stop offset="0" stop-color="${p.sun}"/><stop offset="0.35" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.hills[3]}"/><stop offset="1" stop-color="${p.ground}"/></linearGradient>`,
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8c9"/><stop offset="1" stop-color="#3d7ea6"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  )
  const sunX = width * rng.float(0.55, 0.85)
  const sunY = kind === 'dusk' ? horizon - 30 * s : height * rng.float(0.14, 0.26)
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(150 * s)}" fill="url(#sun)"/>`)
  if (kind !== 'dusk') for (let i = 0; i < 3; i++) parts.push(cloud(width * rng.float(0.08, 0.95), height * rng.float(0.08, 0.3), s * rng.float(0.7, 1.3)))

  parts.push(hill(rng, width, height, horizon - 90 * s, 26 * s, p.hills[0]!))
  parts.push(hill(rng, width, height, horizon - 40 * s, 30 * s, p.hills[1]!))
  if (kind !== 'vet') for (let i = 0; i < 4; i++) parts.push(gum(width * rng.float(0.05, 0.98), horizon - 20 * s, s * rng.float(0.35, 0.55), p.hills[3]!))
  parts.push(hill(rng, width, height, horizon + 10 * s, 24 * s, p.hills[2]!))
  parts.push(
    `<path d="M0,${f(horizon + 60 * s)} Q${f(width / 2)},${f(horizon + 20 * s)} ${width},${f(horizon + 70 * s)} L${width},${height} L0,${height} Z" fill="url(#ground)"/>`,
  )

  const right = (a: number, b: number) => width * rng.float(a, b)
  switch (kind) {
    case 'pasture':
      for (let i = 0; i < 9; i++) parts.push(sheep(right(0.48, 0.96), height * rng.float(0.74, 0.92), s * rng.float(0.9, 1.3), rng.chance(0.5)))
      parts.push(gum(width * 0.9, height * 0.8, s * 1.3, p.hills[3]!))
      break
    case 'cattle':
      for (let i = 0; i < 6; i++)
        parts.push(
          cow(
            right(0.5, 0.95),
            height * rng.float(0.74, 0.9),
            s * rng.float(0.9, 1.25),
            rng.pick(['#3e2723', '#5d4037', '#212121', '#8d5524']),
            rng.chance(0.5),
          ),
        )
      break
    case 'wheat': {
      const rows: string[] = []
      for (let i = 0; i < 70; i++) {
        const x = (width * i) / 70
        rows.push(
          `<line x1="${f(width / 2 + (x - width / 2) * 0.15)}" y1="${f(horizon + 50 * s)}" x2="${f(x * 1.6 - width * 0.3)}" y2="${height}" stroke="#e8c36a" stroke-opacity="0.55" stroke-width="${f(3 * s)}"/>`,
        )
      }
      parts.push(`<path d="M0,${f(horizon + 50 * s)} L${width},${f(horizon + 50 * s)} L${width},${height} L0,${height} Z" fill="#c99a3c"/>`, ...rows)
      parts.push(
        `<g><rect x="${f(width * 0.78)}" y="${f(horizon - 150 * s)}" width="${f(70 * s)}" height="${f(210 * s)}" fill="#cfd8dc"/><ellipse cx="${f(width * 0.78 + 35 * s)}" cy="${f(horizon - 150 * s)}" rx="${f(35 * s)}" ry="${f(18 * s)}" fill="#b0bec5"/><rect x="${f(width * 0.78 + 80 * s)}" y="${f(horizon - 110 * s)}" width="${f(60 * s)}" height="${f(170 * s)}" fill="#b0bec5"/></g>`,
      )
      break
    }
    case 'dam':
      parts.push(`<ellipse cx="${f(width * 0.66)}" cy="${f(height * 0.82)}" rx="${f(width * 0.24)}" ry="${f(60 * s)}" fill="url(#water)"/>`)
      for (let i = 0; i < 5; i++)
        parts.push(
          `<line x1="${f(right(0.48, 0.8))}" y1="${f(height * rng.float(0.78, 0.88))}" x2="${f(right(0.5, 0.86))}" y2="${f(height * rng.float(0.78, 0.88))}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(3 * s)}"/>`,
        )
      parts.push(windmill(width * 0.86, height * 0.78, s))
      break
    case 'shed':
      parts.push(shed(width * 0.55, height * 0.8, s * 1.3))
      for (let i = 0; i < 5; i++) parts.push(bale(width * (0.8 + i * 0.04), height * (0.86 + (i % 2) * 0.03), 40 * s))
      break
    case 'fence':
      parts.push(fence(height * 0.9, height * 0.74, width, 14))
      for (let i = 0; i < 4; i++) parts.push(sheep(right(0.55, 0.95), height * rng.float(0.64, 0.7), s * 0.7, rng.chance(0.5)))
      break
    case 'vet':
      parts.push(`<rect x="0" y="${f(height * 0.62)}" width="${width}" height="${f(height * 0.38)}" fill="#e9efe9"/>`)
      parts.push(bench(width * 0.52, height * 0.66, s * 1.2))
      break
    case 'dusk':
      for (let i = 0; i < 5; i++) parts.push(cow(right(0.5, 0.95), height * rng.float(0.76, 0.88), s * rng.float(0.8, 1.1), '#15101c', rng.chance(0.5)))
      parts.push(gum(width * 0.88, height * 0.8, s * 1.4, '#15101c'))
      break
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('\n')}</svg>`
}
