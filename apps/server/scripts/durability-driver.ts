// The quiz driver of `npm run test:durability` (scripts/durability.ts): learners answering through server deaths.
import type { LoadClient, VirtualLearner } from '#src/testing/load-driver.ts';
import type { AckedAnswer } from '#src/testing/replay-check.ts';
import { sleep } from '#src/testing/server-process.ts';

export interface QuestionBody {
  itemId: string;
  kind: 'choice' | 'free_text';
  choices?: string[];
}

/**
 * Drives quizzes for every learner until stopped, one request in flight per learner, riding out server deaths:
 * a failed call is retried (an answer with the same body, which the API treats idempotently). Records every 2xx
 * answer as acknowledged.
 */
export class Driver {
  readonly acked = new Map<string, AckedAnswer>();
  private running = true;
  private done: Promise<void[]> = Promise.resolve([]);
  networkErrors = 0;
  unexpected: string[] = [];

  constructor(
    private readonly client: LoadClient,
    /** The run's seeded random numbers, for the answers. */
    private readonly random: () => number,
  ) {}

  start(learners: readonly VirtualLearner[]): void {
    this.running = true;
    this.done = Promise.all(learners.map((l, i) => this.runLearner(l, i)));
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }

  /** A call that returns null on a network failure or a 5xx (the server is down or restarting). */
  private async call(path: string, cookie: string, body?: unknown) {
    try {
      const response = await this.client.send('POST', path, cookie, body);
      if (response.status >= 500) {
        this.networkErrors++;
        await sleep(100);
        return null;
      }
      return response;
    } catch {
      this.networkErrors++;
      await sleep(100);
      return null;
    }
  }

  private async runLearner(learner: VirtualLearner, index: number) {
    let quizId: string | null = null;
    let question: QuestionBody | null = null;
    let answer = '';
    for (let round = 0; this.running; round++) {
      if (!quizId) {
        const course = learner.courses[(index + round) % learner.courses.length]!;
        const started = await this.call('/api/quizzes', learner.cookie, { course });
        if (!started) continue;
        if (started.status !== 201) {
          this.unexpected.push(`start ${started.status} ${started.body.slice(0, 200)}`);
          return;
        }
        quizId = (JSON.parse(started.body) as { id: string }).id;
        question = null;
      }
      if (!question) {
        const next = await this.call(`/api/quizzes/${quizId}/next`, learner.cookie);
        if (!next) continue;
        if (next.status === 409) {
          quizId = null; // finished
          continue;
        }
        if (next.status !== 200) {
          this.unexpected.push(`next ${next.status} ${next.body.slice(0, 200)}`);
          return;
        }
        question = JSON.parse(next.body) as QuestionBody;
        answer =
          question.kind === 'choice'
            ? String(Math.floor(this.random() * (question.choices?.length ?? 4)))
            : String(Math.floor(this.random() * 20));
      }
      const body = { itemId: question.itemId, answer };
      const answered = await this.call(`/api/quizzes/${quizId}/answers`, learner.cookie, body);
      if (!answered) continue; // retry the same answer: acknowledged or not, it must count once
      if (answered.status !== 200) {
        this.unexpected.push(`answer ${answered.status} ${answered.body.slice(0, 200)}`);
        return;
      }
      const result = JSON.parse(answered.body) as { correct: boolean; finished: boolean };
      this.acked.set(`${quizId} ${body.itemId}`, {
        quizId,
        itemId: body.itemId,
        answer,
        correct: result.correct,
      });
      question = null;
      if (result.finished) quizId = null;
    }
  }
}
