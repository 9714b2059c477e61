import { courseEndpoints, learnerLinkEndpoints, quizEndpoints } from '@vidya/contracts';
import { linkRequestsRef } from '#src/features/guardians/index.ts';
import { courseRefs, quizRefs } from './learning-endpoints.ts';

interface Named {
  method: string;
  path: string;
}

describe('learner page endpoints', () => {
  it('name the same method and path as the contracts, one for every course and quiz endpoint', () => {
    const pairs: [Named, Named][] = [
      ...Object.entries(courseRefs).map(([name, ref]): [Named, Named] => [
        ref,
        courseEndpoints[name as keyof typeof courseRefs],
      ]),
      ...Object.entries(quizRefs).map(([name, ref]): [Named, Named] => [
        ref,
        quizEndpoints[name as keyof typeof quizRefs],
      ]),
    ];
    expect(pairs).toHaveLength(Object.keys(courseEndpoints).length + Object.keys(quizEndpoints).length);
    pairs.push([linkRequestsRef, learnerLinkEndpoints.requests]);
    for (const [ref, contract] of pairs)
      expect({ method: ref.method, path: ref.path }).toEqual({
        method: contract.method,
        path: contract.path,
      });
  });
});
