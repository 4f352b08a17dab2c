import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useState } from 'react'
import type { Banner } from '../wordpress'
import { ContentPicture } from './content-image'
import { ContentLink } from './content-link'
import styles from './banner-slider.module.css'

/** The slider moves on every 5000 ms. */
export const SLIDE_INTERVAL_MS = 5000

// Drawn full width on desktop; on phones the 8:3 picture fills a 16:9 box, so it is drawn 1.5 times as wide.
const SIZES = '(max-width: 767px) 150vw, (max-width: 1500px) calc(100vw - 40px), 1452px'

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * The home page's banner slider (Embla): plays on its own every 5 s, pauses while the pointer is over
 * it or focus is in it, and on the Pause button; previous, next and one button per slide. Only the
 * first picture loads with the page; each next one once its neighbour is shown.
 */
export function BannerSlider({ banners }: { banners: Banner[] }) {
  const [reducedMotion] = useState(prefersReducedMotion)
  const [emblaRef, embla] = useEmblaCarousel({ loop: true, duration: 30 }, [
    Autoplay({ delay: SLIDE_INTERVAL_MS, jump: reducedMotion, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: false }),
  ])
  const [selected, setSelected] = useState(0)
  const [paused, setPaused] = useState(false)
  const [held, setHeld] = useState(false)
  // The next pictures wait for the first: it is the page's largest paint and has the line to itself.
  const [ready, setReady] = useState<ReadonlySet<number>>(() => new Set(banners[0]?.image ? [0] : [0, 1]))
  const count = banners.length

  const allow = useCallback(
    (...indexes: number[]) =>
      setReady((current) => (indexes.every((i) => current.has(i)) ? current : new Set([...current, ...indexes.map((i) => (i + count) % count)]))),
    [count],
  )

  useEffect(() => {
    if (!embla) return
    const onSelect = () => {
      const index = embla.selectedScrollSnap()
      setSelected(index)
      allow(index, index + 1)
    }
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla, allow])

  // Autoplay runs unless paused by the button, or held by the pointer or focus.
  // (With a single slide the plugin stays idle: there is nothing to play.)
  useEffect(() => {
    const autoplay = embla?.plugins().autoplay
    if (!autoplay || count < 2 || embla.scrollSnapList().length < 2) return
    if (paused || held) autoplay.stop()
    else autoplay.play()
  }, [embla, paused, held, count])

  const go = (index: number) => {
    embla?.scrollTo(index, reducedMotion)
    if (!paused) embla?.plugins().autoplay?.reset()
  }

  if (count === 0) return null
  return (
    <section
      className={styles.slider}
      aria-roledescription="carousel"
      aria-label="Featured promotions"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false)
      }}
    >
      <div className={styles.viewport} ref={emblaRef}>
        <div className={styles.track} aria-live={paused || held ? 'polite' : 'off'}>
          {banners.map((banner, index) => (
            <div
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={index !== selected}
              inert={index !== selected}
            >
              <div className={styles.media}>
                {ready.has(index) || index === selected ? (
                  <ContentPicture
                    image={banner.image}
                    sizes={SIZES}
                    priority={index === 0}
                    decorative
                    className={styles.image}
                    {...(index === 0 ? { onSettled: () => allow(1) } : {})}
                  />
                ) : null}
              </div>
              <div className={styles.copy}>
                {banner.heading && <p className={styles.heading}>{banner.heading}</p>}
                {banner.title && <p className={styles.title}>{banner.title}</p>}
                {banner.link && banner.buttonText && (
                  <ContentLink href={banner.link} className={styles.button}>
                    {banner.buttonText}
                  </ContentLink>
                )}
              </div>
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} aria-label="Previous slide" onClick={() => go((selected - 1 + count) % count)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <div className={styles.dots}>
            {banners.map((_, index) => (
              <button
                key={index}
                type="button"
                className={styles.dot}
                aria-label={`Show slide ${index + 1} of ${count}`}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button type="button" className={styles.arrow} aria-label="Next slide" onClick={() => go((selected + 1) % count)}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
          <button type="button" className={styles.pause} aria-label={paused ? 'Play slides' : 'Pause slides'} onClick={() => setPaused((p) => !p)}>
            {paused ? (
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M8 5v14l11-7z" className={styles.filled} />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M9 5v14M15 5v14" />
              </svg>
            )}
          </button>
        </div>
      )}
    </section>
  )
}
