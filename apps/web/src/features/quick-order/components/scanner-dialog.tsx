import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Product } from '@portal/contract/catalogue'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { CameraError, signalRead, startScanning, type CameraProblem } from './scan-camera'
import styles from './quick-order-screen.module.css'

/** The same code seen again within this long is the same read (the camera keeps seeing the label). */
const REPEAT_MS = 2500

const PROBLEMS: Record<CameraProblem, string> = {
  refused: 'The camera was not allowed, so nothing can be scanned. Allow the camera for this site in the browser’s settings, or type the code below.',
  'no-camera': 'No camera was found on this device. Type the barcode or product code below.',
  failed: 'The camera could not be started. Type the barcode or product code below.',
}

type ScannerDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Puts the product a code names into the grid (or raises its quantity); null when no product has that code. */
  onCode: (code: string) => Promise<Product | null>
}

type Read = { code: string; product: Product | null }

/** "Scan": the rear camera reads barcodes into the quick order grid; a field takes a typed code when there is no camera. */
export function ScannerDialog({ open, onOpenChange, onCode }: ScannerDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Scan barcodes">
      {/* Mounted afresh each time the dialog opens: a new camera session and no reads yet. */}
      <Scanner onCode={onCode} onDone={() => onOpenChange(false)} />
    </Modal>
  )
}

function Scanner({ onCode, onDone }: { onCode: ScannerDialogProps['onCode']; onDone: () => void }) {
  // The camera starts once the video element is there to show it.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null)
  const [camera, setCamera] = useState<'starting' | 'on' | CameraProblem>('starting')
  const [reads, setReads] = useState<Read[]>([])
  const [typed, setTyped] = useState('')
  const lastRead = useRef({ code: '', at: 0 })
  const handle = useRef(onCode)
  useEffect(() => {
    handle.current = onCode
  })

  const take = async (code: string) => {
    const product = await handle.current(code)
    setReads((current) => [{ code, product }, ...current].slice(0, 5))
    return product
  }

  useEffect(() => {
    if (!video) return
    let stop: (() => void) | undefined
    let cancelled = false
    const onRead = (code: string) => {
      const now = Date.now()
      if (code === lastRead.current.code && now - lastRead.current.at < REPEAT_MS) return
      lastRead.current = { code, at: now }
      signalRead()
      void take(code)
    }
    startScanning(video, onRead).then(
      (stopper) => {
        if (cancelled) stopper()
        else {
          stop = stopper
          setCamera('on')
        }
      },
      (error: unknown) => setCamera(error instanceof CameraError ? error.problem : 'failed'),
    )
    return () => {
      cancelled = true
      stop?.()
    }
    // The camera follows the dialog: opened with it, stopped when it closes.
  }, [video])

  const submitTyped = (event: FormEvent) => {
    event.preventDefault()
    const code = typed.trim()
    if (code === '') return
    void take(code).then(() => setTyped(''))
  }

  const problem = camera !== 'starting' && camera !== 'on' ? camera : null
  const [latest] = reads
  return (
    <div className={styles.scanner}>
      <div className={styles.viewfinder} hidden={problem !== null}>
        <video ref={setVideo} playsInline muted aria-label="Camera view" />
        {camera === 'starting' && <p className={styles.cameraNote}>Starting the camera…</p>}
      </div>
      {problem && (
        <p className={styles.cameraProblem} role="alert">
          {PROBLEMS[problem]}
        </p>
      )}
      <p className={styles.scanResult} role="status" aria-live="polite">
        {!latest
          ? camera === 'on'
            ? 'Point the camera at a barcode (EAN-13, EAN-8, UPC-A, Code 128 or QR).'
            : ''
          : latest.product
            ? `Added: ${latest.product.Description} (${latest.product.ProductCode})`
            : `Unknown product code ${latest.code}`}
      </p>
      <form className={styles.typedCode} onSubmit={submitTyped} noValidate>
        <TextField label="Barcode or product code" value={typed} onChange={(e) => setTyped(e.target.value)} inputMode="text" autoComplete="off" />
        <Button type="submit" variant="secondary">
          Add
        </Button>
      </form>
      <div className={styles.scanDone}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  )
}
