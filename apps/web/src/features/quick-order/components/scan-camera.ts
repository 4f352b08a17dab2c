import type { DecodeHintType as HintType } from '@zxing/library'

/**
 * Reads barcodes from the rear camera: the browser's BarcodeDetector where it has one that knows our formats,
 * otherwise ZXing (@zxing/browser, bundled with the app and loaded only when a scan starts; decision 0039).
 */

/** The symbologies a product or a shelf label carries: EAN-13, EAN-8, UPC-A, Code 128, QR. */
const DETECTOR_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code']

type DetectedBarcode = { rawValue: string }
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> }
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike
  getSupportedFormats(): Promise<string[]>
}

export type CameraProblem = 'refused' | 'no-camera' | 'failed'

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem)
  }
}

/** Why the camera could not start, from getUserMedia's error names. */
function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'refused'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError' || name === 'NotReadableError') return 'no-camera'
  return 'failed'
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  if (!Detector) return null
  try {
    const supported = await Detector.getSupportedFormats()
    const formats = DETECTOR_FORMATS.filter((f) => supported.includes(f))
    return formats.length === DETECTOR_FORMATS.length ? new Detector({ formats }) : null
  } catch {
    return null
  }
}

/** Polls the native detector a few times a second while the video plays. */
function detectLoop(detector: BarcodeDetectorLike, video: HTMLVideoElement, onRead: (code: string) => void): () => void {
  let stopped = false
  const tick = async () => {
    if (stopped) return
    try {
      if (video.readyState >= 2) for (const found of await detector.detect(video)) onRead(found.rawValue)
    } catch {
      // a frame that could not be read: try the next one
    }
    if (!stopped) setTimeout(() => void tick(), 150)
  }
  void tick()
  return () => {
    stopped = true
  }
}

async function zxingLoop(video: HTMLVideoElement, onRead: (code: string) => void): Promise<() => void> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')])
  const hints = new Map<HintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ])
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 })
  const controls = await reader.decodeFromVideoElement(video, (result) => {
    if (result) onRead(result.getText())
  })
  return () => controls.stop()
}

/**
 * Opens the rear camera into `video` and calls `onRead` with each code seen. Resolves to a function that stops
 * the reading and the camera; rejects with a CameraError when the camera is refused or missing.
 */
export async function startScanning(video: HTMLVideoElement, onRead: (code: string) => void): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraError('no-camera')
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
  } catch (error) {
    throw new CameraError(problemOf(error))
  }
  const stopCamera = () => stream.getTracks().forEach((track) => track.stop())
  try {
    video.srcObject = stream
    video.muted = true
    await video.play()
    const detector = await nativeDetector()
    const stopReading = detector ? detectLoop(detector, video, onRead) : await zxingLoop(video, onRead)
    return () => {
      stopReading()
      stopCamera()
    }
  } catch (error) {
    stopCamera()
    throw error instanceof CameraError ? error : new CameraError('failed')
  }
}

/** A short beep and, where the device can, a vibration: the read is heard and felt on a noisy shed floor. */
export function signalRead() {
  navigator.vibrate?.(80)
  try {
    const audio = new AudioContext()
    const tone = audio.createOscillator()
    const volume = audio.createGain()
    tone.frequency.value = 1200
    volume.gain.value = 0.15
    tone.connect(volume).connect(audio.destination)
    tone.start()
    tone.stop(audio.currentTime + 0.12)
    tone.onended = () => void audio.close()
  } catch {
    // no sound on this device: the message on screen says it too
  }
}
