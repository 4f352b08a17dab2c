/**
 * Runs `work` again whenever asked, never twice at once: asked while it runs, it runs once more after.
 * `settled` resolves when no run is running or owed.
 */
export class Refresher {
  private running: Promise<void> | null = null
  private owed = false

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  request(): void {
    if (this.running) {
      this.owed = true
      return
    }
    this.running = (async () => {
      do {
        this.owed = false
        try {
          await this.work()
        } catch (error) {
          this.onError(error)
        }
      } while (this.owed)
      this.running = null
    })()
  }

  async settled(): Promise<void> {
    while (this.running) await this.running
  }
}
