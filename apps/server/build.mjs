// Bundles the server (and the seed command) into dist/; packages stay in node_modules, the contract is bundled in.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@portal/'))

await build({
  entryPoints: {
    main: 'src/main.ts',
    seed: 'src/seed-cli.ts',
    'content-import': 'src/content-import.ts',
    'erp-import': 'src/erp-import.ts',
    migrate: 'src/migrate-cli.ts',
    backup: 'src/backup-cli.ts',
    restore: 'src/restore-cli.ts',
    'erp-export': 'src/erp-export-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
})
