/**
 * Work a request starts but does not wait for (decision 022: the reset and reactivation mails,
 * so the answer takes the same time whether or not the address has an account). A failure is
 * logged, never thrown at the visitor; closing the app waits for what is still running, and
 * tests can wait for it too.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: { error(obj: object, msg: string): void }) {}

  run(name: string, task: () => Promise<void>): void {
    const done: Promise<void> = task()
      .catch((err: unknown) => this.log.error({ err }, `${name} failed`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves when nothing is running any more (tasks started meanwhile included). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
