import { makeTestModels } from './make-test-models';

/** Vitest global setup: the generated test models must exist before any test loads one. */
export default function setup(): void {
  makeTestModels();
}
